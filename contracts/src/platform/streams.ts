/** every stream's name starts with its kind: the one place the prefixes are written */
export const STREAM_PREFIX = {
  availability: 'availability-',
  user: 'user-',
  /** a patient's consent per channel and mobile number */
  contactPreferences: 'contactpreferences-',
  email: 'email-',
  questionnaire: 'questionnaire-',
  patient: 'patient-',
  booking: 'booking-',
  /** the patient's one current hold */
  patientHold: 'patienthold-',
  product: 'product-',
  coupon: 'coupon-',
  order: 'order-',
  food: 'food-',
  foodCategory: 'foodcategory-',
  /** a publisher's food table and its imported versions (`foodtable-ciqual`, `foodtable-svizzera`) */
  foodTable: 'foodtable-',
  /** the practice's preferred food table (one stream: `foodsourcepreference-practice`) */
  foodSourcePreference: 'foodsourcepreference-',
  diet: 'diet-',
  /** the patient's food diary and self-reported measures */
  diary: 'diary-',
  /** the practice's diet templates (`diettemplate-<id>`) and equivalence lists (`equivalencelist-<id>`): no patient data */
  dietTemplate: 'diettemplate-',
  equivalenceList: 'equivalencelist-',
  /** a recipe of the practice's recipe book */
  recipe: 'recipe-',
  access: 'access-',
  receipts: 'receipts-',
  notification: 'notification-',
  waitingList: 'waitinglist-',
  calendarFeed: 'calendarfeed-',
  /** a doctor's external calendar over CalDAV (`externalcalendar-<doctorId>`): the connection, sealed, and each sync */
  externalCalendar: 'externalcalendar-',
  fiscal: 'fiscal-',
  /** the practice's settings (one stream: `settings-practice`) */
  settings: 'settings-',
  /** a patient's conversations with the practice (`conversation-<patientId>`) */
  conversation: 'conversation-',
  /** the practice's message settings (one stream: `messagesettings-practice`) */
  messageSettings: 'messagesettings-',
  /** a person's Web Push subscriptions and topics */
  push: 'push-',
  /** a text message of Twilio or Meta, by the provider's id (`phonemessage-twilio-SM…`) */
  phoneMessage: 'phonemessage-',
  doctorProfile: 'doctorprofile-',
  /** the practice's locations and rooms (one stream: `location-practice`) */
  location: 'location-',
  /** the rooms of a location taken on one day (`room-<locationId>-<day>`) */
  room: 'room-',
  clinical: 'clinical-',
  visitTypes: 'visittypes-',
  schedule: 'schedule-',
  erasureRequest: 'erasurerequest-',
  /** a series of follow-up visits (`series-<id>`) */
  series: 'series-',
  /** the first administrator, chosen once by `npm run setup` (`setup-first-administrator`) */
  setup: 'setup-',
} as const;
