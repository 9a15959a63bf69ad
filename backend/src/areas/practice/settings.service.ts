import { Injectable } from '@nestjs/common';
import {
  DOCTOR_SLUGS_STREAM,
  DoctorProfileInput,
  DoctorSlugInput,
  WIDGET_SETTINGS_STREAM,
  WidgetSettingsInput,
  type WidgetSettingsView,
  type DoctorSummary,
  type DoctorProfileView,
  OwnDoctorProfileInput,
  type EventMetadata,
  PRACTICE_SETTINGS_STREAM,
  PracticeDetailsInput,
  REMINDER_SETTINGS_STREAM,
  ReminderSettingsRequest,
  type ReminderSettingsView,
  type PracticeInfo,
  type SessionUser,
  doctorProfileStreamName,
} from '@studio/contracts';
import { readChosenSlugs, readDoctorProfile, readPracticeIdentity, readWidgetOrigins } from '../../platform/config/practice-settings';
import {
  SetDoctorPhoto,
  SetDoctorProfile,
  SetDoctorSlug,
  SetPracticeDetails,
  SetPracticeLogo,
  SetReminderSettings,
  SetWidgetOrigins,
} from './settings.commands';
import { readReminderSettings } from './reminder-settings';
import { reminderPreviews } from './reminder-previews';
import { parseInput } from '../../platform/http/parse';

import { UsersService } from '../accounts/users';
import type { DoctorAddresses } from '../accounts/login';
import { ImageStore, inspectImage } from './images';
import { type Actor } from './practice-settings.decider';
import { KernelPorts } from '../../platform/kernel/kernel-ports';

/** the session's user as the deciders see an actor */
const actorOf = (user: SessionUser): Actor => ({ id: user.id, admin: user.role === 'admin' });

/** an upload's body: the raw bytes (anything else, e.g. a JSON body, is no image) */
const bytesOf = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

@Injectable()
export class SettingsService {
  readonly images: ImageStore;

  constructor(
    private readonly kernel: KernelPorts,
    private readonly users: UsersService,
  ) {
    this.images = new ImageStore(kernel.appDb);
  }

  /** read-your-writes: the answer (and every later read) comes from the read model, which this waits for */
  private async decide(
    command: SetPracticeDetails | SetPracticeLogo | SetDoctorProfile | SetDoctorPhoto | SetDoctorSlug | SetWidgetOrigins | SetReminderSettings,
  ): Promise<void> {
    const { position } = await this.kernel.commands.execute<typeof command, { position: number | null }>(command);
    if (position) await this.kernel.changes.waitFor(position);
  }

  private get sources() {
    return { readModels: this.kernel.readModels, config: this.kernel.config };
  }

  practice(): Promise<PracticeInfo> {
    return readPracticeIdentity(this.sources);
  }

  /** the reminders as set (or the defaults), whether each provider serves, and the texts with their SMS count */
  async reminderSettings(): Promise<ReminderSettingsView> {
    const settings = await readReminderSettings(this.kernel.readModels);
    const { twilio, whatsapp } = this.kernel.config;
    return { settings, providers: { twilio: twilio !== null, meta: whatsapp !== null }, previews: reminderPreviews(await this.practice()) };
  }

  async setReminderSettings(user: SessionUser, body: unknown, metadata: EventMetadata): Promise<ReminderSettingsView> {
    const settings = parseInput(ReminderSettingsRequest, body);
    await this.decide(new SetReminderSettings(REMINDER_SETTINGS_STREAM, { type: 'SetReminderSettings', actor: actorOf(user), settings }, metadata));
    return this.reminderSettings();
  }

  async setPracticeDetails(user: SessionUser, body: unknown, metadata: EventMetadata): Promise<PracticeInfo> {
    const details = parseInput(PracticeDetailsInput, body);
    await this.decide(new SetPracticeDetails(PRACTICE_SETTINGS_STREAM, { type: 'SetPracticeDetails', actor: actorOf(user), details }, metadata));
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
    await this.decide(new SetPracticeLogo(PRACTICE_SETTINGS_STREAM, { type: 'SetPracticeLogo', actor: actorOf(user), image }, metadata));
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
    const profile = actorOf(user).admin ? parseInput(DoctorProfileInput, body) : parseInput(OwnDoctorProfileInput, body);
    const isDoctor = await this.isDoctor(doctorId);
    await this.decide(
      new SetDoctorProfile(doctorProfileStreamName(doctorId), { type: 'SetDoctorProfile', actor: actorOf(user), doctorId, isDoctor, profile }, metadata),
    );
    return readDoctorProfile(this.sources, doctorId);
  }

  async setDoctorPhoto(user: SessionUser, doctorId: string, body: unknown, metadata: EventMetadata): Promise<DoctorProfileView> {
    const data = bytesOf(body);
    const image = inspectImage(data);
    const isDoctor = await this.isDoctor(doctorId);
    await this.decide(
      new SetDoctorPhoto(doctorProfileStreamName(doctorId), { type: 'SetDoctorPhoto', actor: actorOf(user), doctorId, isDoctor, image }, metadata),
    );
    await this.images.put({ imageId: image.imageId, contentType: image.contentType! }, data, metadata.at);
    return readDoctorProfile(this.sources, doctorId);
  }

  async widget(): Promise<WidgetSettingsView> {
    return { allowedOrigins: await readWidgetOrigins(this.kernel.readModels) };
  }

  /** PUT /api/settings/widget: the sites allowed to show the booking in a frame */
  async setWidget(user: SessionUser, body: unknown, metadata: EventMetadata): Promise<WidgetSettingsView> {
    const { allowedOrigins } = parseInput(WidgetSettingsInput, body);
    await this.decide(new SetWidgetOrigins(WIDGET_SETTINGS_STREAM, { type: 'SetWidgetOrigins', actor: actorOf(user), origins: allowedOrigins }, metadata));
    return this.widget();
  }

  /** before a doctor's name changes: the address that came from the name is recorded as chosen (nothing when it was) */
  async keepDoctorSlug(user: SessionUser, doctorId: string, metadata: EventMetadata): Promise<void> {
    const chosen = await readChosenSlugs(this.kernel.readModels);
    const slug = (await this.users.doctorSlugs()).get(doctorId);
    if (chosen.has(doctorId) || !slug || !(await this.isDoctor(doctorId))) return;
    await this.decide(
      new SetDoctorSlug(DOCTOR_SLUGS_STREAM, { type: 'SetDoctorSlug', actor: actorOf(user), doctorId, isDoctor: true, slug, othersFromNames: [] }, metadata),
    );
  }

  /** PUT /api/settings/doctors/:doctorId/slug: the administrator chooses the address of the doctor's public page */
  async setDoctorSlug(user: SessionUser, doctorId: string, body: unknown, metadata: EventMetadata): Promise<DoctorSummary> {
    const { slug } = parseInput(DoctorSlugInput, body);
    const isDoctor = await this.isDoctor(doctorId);
    const chosen = await this.users.doctorSlugs();
    const othersFromNames = [...chosen].filter(([id]) => id !== doctorId).map(([, s]) => s);
    await this.decide(
      new SetDoctorSlug(DOCTOR_SLUGS_STREAM, { type: 'SetDoctorSlug', actor: actorOf(user), doctorId, isDoctor, slug, othersFromNames }, metadata),
    );
    return this.users.doctorSummary(await this.users.getDoctor(doctorId));
  }
}

/** the port renaming a doctor asks through (accounts/login), answered by the settings */
@Injectable()
export class DoctorAddressesFromSettings implements DoctorAddresses {
  constructor(private readonly settings: SettingsService) {}

  keep(admin: SessionUser, doctorId: string, metadata: EventMetadata): Promise<void> {
    return this.settings.keepDoctorSlug(admin, doctorId, metadata);
  }
}
