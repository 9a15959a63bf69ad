import { Injectable } from '@nestjs/common';
import { diaryStreamName, parseRecordedEvent, type EventMetadata, type SessionUser } from '@studio/contracts';
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../../../platform/common/errors';
import { KernelPorts } from '../../../platform/kernel/kernel-ports';
import { DiaryAccess } from './diary-access';
import { AttachDiaryPhoto } from './diary.commands';
import { cleanDiaryPhoto } from './photo-pipeline';
import { diaryReadModel } from './read-models';

/**
 * A diary entry's photo: cleaned (photo-pipeline.ts), sealed with the patient's key and kept in its event, as the
 * clinical record keeps its attachments; served only to the patient and the doctors who treat them.
 */
@Injectable()
export class DiaryPhotosService {
  constructor(
    private readonly kernel: KernelPorts,
    private readonly access: DiaryAccess,
  ) {}

  async attach(user: SessionUser, entryId: string, bytes: Buffer, metadata: EventMetadata): Promise<{ photoUrl: string }> {
    const clean = await cleanDiaryPhoto(bytes);
    const photoId = randomUUID();
    const content = await this.kernel.personalData.seal(user.id, clean.bytes.toString('base64'));
    const { position } = await this.kernel.commands.execute<AttachDiaryPhoto, { position: number | null }>(
      new AttachDiaryPhoto(
        diaryStreamName(user.id),
        { type: 'AttachDiaryPhoto', patientId: user.id, entryId, photoId, mediaType: clean.mediaType, sizeBytes: clean.bytes.length, content },
        metadata,
      ),
    );
    if (position) await this.kernel.changes.waitFor(position);
    return { photoUrl: `/api/patients/${user.id}/diary/${entryId}/photo?v=${photoId}` };
  }

  /** the cleaned photo's bytes; a read by a doctor goes to the patient's access log before they leave */
  async photo(user: SessionUser, patientId: string, entryId: string): Promise<{ mediaType: string; bytes: Buffer }> {
    await this.access.mayRead(user, patientId);
    const entry = (await diaryReadModel.get(this.kernel.readModels, patientId))?.doc.entries.find((e) => e.id === entryId);
    if (!entry?.photo) throw new NotFoundError('Foto non trovata.', 'foto_non_trovata');
    const [event] = (await this.kernel.eventStore.readStream(diaryStreamName(patientId), { fromRevision: entry.photo.revision, maxCount: 1 })).map(
      parseRecordedEvent,
    );
    if (event?.type !== 'DiaryPhotoAttached' || event.data.photoId !== entry.photo.id) throw new NotFoundError('Foto non trovata.', 'foto_non_trovata');
    const base64 = await this.kernel.personalData.open<string>(event.data.content);
    if (base64 === null) throw new NotFoundError('I dati di questo paziente sono stati cancellati.', 'dati_cancellati');
    await this.access.logRead(user, patientId, `foto del diario (${entry.date}, ${entry.meal})`);
    return { mediaType: event.data.mediaType, bytes: Buffer.from(base64, 'base64') };
  }
}
