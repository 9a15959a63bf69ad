import { type StoredImage, MAX_IMAGE_BYTES } from '@studio/contracts';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppDb } from '../../platform/kernel/app-db';

/** what an upload is, told by its first bytes (the declared Content-Type is the client's word, not checked) */
export interface InspectedImage {
  /** null: not PNG, JPEG or WebP (an SVG can carry scripts; anything else is no image we show) */
  contentType: StoredImage['contentType'] | null;
  bytes: number;
  imageId: string;
}

const startsWith = (data: Buffer, signature: number[], at = 0) => signature.every((b, i) => data[at + i] === b);

export function detectImageType(data: Buffer): StoredImage['contentType'] | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF <size> WEBP
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export function inspectImage(data: Buffer): InspectedImage {
  return { contentType: detectImageType(data), bytes: data.length, imageId: createHash('sha256').update(data).digest('hex') };
}

export const imageTooLarge = (bytes: number): boolean => bytes > MAX_IMAGE_BYTES;

type ImageTables = {
  uploaded_images: { image_id: string; content_type: string; data: string; created_at: string };
};

/**
 * The uploaded logos and photos, in the app's own database (SQLite app.db, or PostgreSQL's app schema in
 * scale-out): every instance serves them, and `npm run backup` carries them with the rest of app.db. Addressed by
 * their sha-256, so an image stored twice is one row. Kept base64 in a text column: one schema on both databases.
 */
export class ImageStore {
  private ready: Promise<void> | null = null;
  private readonly db: Kysely<ImageTables>;

  constructor(appDb: AppDb) {
    // its own table beside the app's (sessions, keys), created on first use
    this.db = appDb.withTables<ImageTables>() as unknown as Kysely<ImageTables>;
  }

  private ensureTable(): Promise<void> {
    this.ready ??= this.db.schema
      .createTable('uploaded_images')
      .ifNotExists()
      .addColumn('image_id', 'text', (c) => c.primaryKey())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
      .then(() => undefined);
    return this.ready;
  }

  async put(image: StoredImage, data: Buffer, at: string): Promise<void> {
    await this.ensureTable();
    await this.db
      .insertInto('uploaded_images')
      .values({ image_id: image.imageId, content_type: image.contentType, data: data.toString('base64'), created_at: at })
      .onConflict((oc) => oc.column('image_id').doNothing())
      .execute();
  }

  async get(imageId: string): Promise<{ contentType: string; data: Buffer } | null> {
    await this.ensureTable();
    const row = await this.db.selectFrom('uploaded_images').select(['content_type', 'data']).where('image_id', '=', imageId).executeTakeFirst();
    return row ? { contentType: row.content_type, data: Buffer.from(row.data, 'base64') } : null;
  }
}
