import { format } from 'date-fns';
import { it as itLocale } from 'date-fns/locale';

/** an instant as the auditor reads it (local time of the browser, seconds included) */
export const formatInstant = (iso: string): string => format(new Date(iso), 'dd/MM/yyyy HH:mm:ss', { locale: itLocale });

/** <input type="datetime-local"> value → ISO instant; '' stays '' */
export const localInputToIso = (value: string): string => (value ? new Date(value).toISOString() : '');

export const shortId = (id: string): string => (id.length > 12 ? `${id.slice(0, 8)}…` : id);
