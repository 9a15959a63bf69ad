import { Global, Module } from '@nestjs/common';
import { OrderRefunds, QuestionnaireStep, offeredStarts, readVisitLocation } from '../../areas/scheduling/booking';
import { SlotOffers } from '../../areas/scheduling/availability';
import { VisitPlaces } from '../../areas/fiscal';
import { KernelPorts } from '../../platform/kernel/kernel-ports';
import { OrderRefundsFromOrders } from '../../areas/payments/orders';
import { QuestionnaireOwnersFromQuestionnaires, QuestionnaireStepFromAnswers } from '../../areas/clinical/questionnaires';
import { QuestionnaireOwners } from '../../areas/scheduling/visit-types';
import { PhoneChannel, PushChannel } from '../../areas/notifications/mail';
import { TextMessageChannel } from '../../areas/notifications/phone';
import { UsersModule } from '../../areas/accounts/users';
import { WebPushChannel } from '../../areas/notifications/push';
import { DoctorAddresses } from '../../areas/accounts/login';
import { DoctorAddressesFromSettings, SettingsModule } from '../../areas/practice';

/**
 * The ports through which a feature reads what a feature above it owns (booking's view: the order's refund and the
 * doctor's questionnaire; visit types: whose questionnaire an id is), bound here to their owners' answers, so that
 * the lower feature imports nothing of the upper one and the dependencies between features form no loop.
 */
@Global()
@Module({
  imports: [SettingsModule, UsersModule],
  providers: [
    // renaming a doctor keeps the address of their public page
    { provide: DoctorAddresses, useExisting: DoctorAddressesFromSettings },
    { provide: OrderRefunds, useClass: OrderRefundsFromOrders },
    { provide: QuestionnaireStep, useClass: QuestionnaireStepFromAnswers },
    { provide: QuestionnaireOwners, useClass: QuestionnaireOwnersFromQuestionnaires },
    // the outbox's push channel: Web Push to the patient's devices
    { provide: PushChannel, useClass: WebPushChannel },
    // the outbox's SMS and WhatsApp channel: Twilio or Meta
    { provide: PhoneChannel, useClass: TextMessageChannel },
    // the live availability offers a free slot to patients only while a room is free for it
    {
      provide: SlotOffers,
      inject: [KernelPorts],
      useFactory: (kernel: KernelPorts): SlotOffers => ({ offered: (doctorId, starts) => offeredStarts(kernel.readModels, doctorId, starts) }),
    },
    // a receipt says where the visit was
    {
      provide: VisitPlaces,
      inject: [KernelPorts],
      useFactory: (kernel: KernelPorts): VisitPlaces => ({
        async placeOf(bookingId) {
          const location = await readVisitLocation(kernel.readModels, bookingId);
          return location ? `${location.name}, ${location.address}` : null;
        },
      }),
    },
  ],
  exports: [SlotOffers, VisitPlaces, OrderRefunds, QuestionnaireStep, QuestionnaireOwners, PushChannel, PhoneChannel, DoctorAddresses],
})
export class FeaturePortsModule {}
