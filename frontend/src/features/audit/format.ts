/** an instant as the auditor reads it (local time of the browser, seconds included): lib/format */
export { formatInstant } from '../../lib/format';

/** <input type="datetime-local"> value → ISO instant; '' stays '' */
export const localInputToIso = (value: string): string => (value ? new Date(value).toISOString() : '');

export const shortId = (id: string): string => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** a stream name with its ids shortened: "booking-1a2b3c4d-…" → "booking-1a2b3c4d…" (one line, the full name in a title) */
export const shortStream = (stream: string): string => stream.replace(UUID, (id) => `${id.slice(0, 8)}…`);
