import { Inject, Injectable } from '@nestjs/common';
import {
  DoctorProfileInput,
  type DoctorProfileView,
  type EventMetadata,
  PRACTICE_SETTINGS_STREAM,
  PracticeDetailsInput,
  type PracticeInfo,
  type SessionUser,
  doctorProfileStreamName,
} from '@studio/contracts';
import { readDoctorProfile, readPracticeIdentity } from '../config/practice-settings';
import { Decide } from '../event-store/decide.command';
import { parseInput } from '../http/parse';
import { APP_DB } from '../kernel/tokens';

import { type Ports } from '../kernel/ports';
import { UsersService } from '../users';
import { doctorProfileDecider } from './doctor-profile.decider';
import { ImageStore, inspectImage } from './images';
import { type Actor, practiceSettingsDecider } from './practice-settings.decider';
import { KernelPorts } from '../kernel/kernel-ports';

/** the session's user as the deciders see an actor */
const actorOf = (user: SessionUser): Actor => ({ id: user.id, admin: user.role === 'admin' });

/** an upload's body: the raw bytes (anything else, e.g. a JSON body, is no image) */
const bytesOf = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

@Injectable()
export class SettingsService {
  readonly images: ImageStore;

  constructor(
    private readonly kernel: KernelPorts,
    @Inject(APP_DB) appDb: Ports['appDb'],
    private readonly users: UsersService,
  ) {
    this.images = new ImageStore(appDb);
  }

  /** read-your-writes: the answer (and every later read) comes from the read model, which this waits for */
  private async decide<S, C, E extends { type: string; data: unknown }>(command: Decide<S, C, E>): Promise<void> {
    const { position } = await this.kernel.commands.execute(command);
    if (position) await this.kernel.changes.waitFor(position);
  }

  private get sources() {
    return { readModels: this.kernel.readModels, config: this.kernel.config };
  }

  practice(): Promise<PracticeInfo> {
    return readPracticeIdentity(this.sources);
  }

  async setPracticeDetails(user: SessionUser, body: unknown, metadata: EventMetadata): Promise<PracticeInfo> {
    const details = parseInput(PracticeDetailsInput, body);
    await this.decide(new Decide(PRACTICE_SETTINGS_STREAM, practiceSettingsDecider, { type: 'SetPracticeDetails', actor: actorOf(user), details }, metadata));
    return this.practice();
  }

  /**
   * The decider checks who asks and what the bytes are before anything is kept; the bytes are stored right after
   * the event (addressed by their hash, so a retry stores nothing twice). A crash in between leaves the event
   * pointing at no image: the page shows none until the logo is uploaded again.
   */
  async setPracticeLogo(user: SessionUser, body: unknown, metadata: EventMetadata): Promise<PracticeInfo> {
    const data = bytesOf(body);
    const image = inspectImage(data);
    await this.decide(new Decide(PRACTICE_SETTINGS_STREAM, practiceSettingsDecider, { type: 'SetPracticeLogo', actor: actorOf(user), image }, metadata));
    await this.images.put({ imageId: image.imageId, contentType: image.contentType! }, data, metadata.at);
    return this.practice();
  }

  async doctor(doctorId: string): Promise<DoctorProfileView> {
    await this.users.getDoctor(doctorId);
    return readDoctorProfile(this.sources, doctorId);
  }

  /** every bookable doctor's public profile, for the booking page */
  async doctors(): Promise<DoctorProfileView[]> {
    const doctors = await this.users.listDoctors();
    return Promise.all(doctors.map((d) => readDoctorProfile(this.sources, d.id)));
  }

  private async isDoctor(doctorId: string): Promise<boolean> {
    return (await this.users.get(doctorId))?.role === 'doctor';
  }

  async setDoctorProfile(user: SessionUser, doctorId: string, body: unknown, metadata: EventMetadata): Promise<DoctorProfileView> {
    const profile = parseInput(DoctorProfileInput, body);
    const isDoctor = await this.isDoctor(doctorId);
    await this.decide(
      new Decide(
        doctorProfileStreamName(doctorId),
        doctorProfileDecider,
        { type: 'SetDoctorProfile', actor: actorOf(user), doctorId, isDoctor, profile },
        metadata,
      ),
    );
    return readDoctorProfile(this.sources, doctorId);
  }

  async setDoctorPhoto(user: SessionUser, doctorId: string, body: unknown, metadata: EventMetadata): Promise<DoctorProfileView> {
    const data = bytesOf(body);
    const image = inspectImage(data);
    const isDoctor = await this.isDoctor(doctorId);
    await this.decide(
      new Decide(
        doctorProfileStreamName(doctorId),
        doctorProfileDecider,
        { type: 'SetDoctorPhoto', actor: actorOf(user), doctorId, isDoctor, image },
        metadata,
      ),
    );
    await this.images.put({ imageId: image.imageId, contentType: image.contentType! }, data, metadata.at);
    return readDoctorProfile(this.sources, doctorId);
  }
}
