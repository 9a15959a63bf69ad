/** an instant as the auditor reads it (local time of the browser, seconds included): lib/format */
export { formatInstant } from '../../lib/format';

/** <input type="datetime-local"> value → ISO instant; '' stays '' */
export const localInputToIso = (value: string): string => (value ? new Date(value).toISOString() : '');

export const shortId = (id: string): string => (id.length > 12 ? `${id.slice(0, 8)}…` : id);
