import { StreamCommand, handlersOf, type CommandOf, type EventOf } from '../../platform/event-store/decide';
import { doctorProfileDecider } from './doctor-profile.decider';
import { doctorSlugsDecider } from './doctor-slugs.decider';
import { widgetSettingsDecider } from './widget-settings.decider';
import { practiceSettingsDecider } from './practice-settings.decider';
import { reminderSettingsDecider } from './reminder-settings.decider';

// the practice's settings and a doctor's public profile: the commands on the CommandBus, each with its handler

export class SetPracticeDetails extends StreamCommand<
  CommandOf<typeof practiceSettingsDecider, 'SetPracticeDetails'>,
  EventOf<typeof practiceSettingsDecider>
> {}

export class SetPracticeLogo extends StreamCommand<CommandOf<typeof practiceSettingsDecider, 'SetPracticeLogo'>, EventOf<typeof practiceSettingsDecider>> {}

export class SetDoctorProfile extends StreamCommand<CommandOf<typeof doctorProfileDecider, 'SetDoctorProfile'>, EventOf<typeof doctorProfileDecider>> {}

export class SetDoctorPhoto extends StreamCommand<CommandOf<typeof doctorProfileDecider, 'SetDoctorPhoto'>, EventOf<typeof doctorProfileDecider>> {}

export class SetDoctorSlug extends StreamCommand<CommandOf<typeof doctorSlugsDecider, 'SetDoctorSlug'>, EventOf<typeof doctorSlugsDecider>> {}

export class SetWidgetOrigins extends StreamCommand<CommandOf<typeof widgetSettingsDecider, 'SetWidgetOrigins'>, EventOf<typeof widgetSettingsDecider>> {}

export class SetReminderSettings extends StreamCommand<
  CommandOf<typeof reminderSettingsDecider, 'SetReminderSettings'>,
  EventOf<typeof reminderSettingsDecider>
> {}

export const settingsCommandHandlers = [
  ...handlersOf(reminderSettingsDecider, [SetReminderSettings]),
  ...handlersOf(practiceSettingsDecider, [SetPracticeDetails, SetPracticeLogo]),
  ...handlersOf(doctorProfileDecider, [SetDoctorProfile, SetDoctorPhoto]),
  ...handlersOf(doctorSlugsDecider, [SetDoctorSlug]),
  ...handlersOf(widgetSettingsDecider, [SetWidgetOrigins]),
];
