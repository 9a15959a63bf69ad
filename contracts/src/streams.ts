/** every stream's name starts with its kind: the one place the prefixes are written */
export const STREAM_PREFIX = {
  availability: 'availability-',
  user: 'user-',
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
  diet: 'diet-',
  access: 'access-',
  receipts: 'receipts-',
  notification: 'notification-',
  waitingList: 'waitinglist-',
  calendarFeed: 'calendarfeed-',
  fiscal: 'fiscal-',
  /** the practice's settings (one stream: `settings-practice`) */
  settings: 'settings-',
  doctorProfile: 'doctorprofile-',
  clinical: 'clinical-',
  visitTypes: 'visittypes-',
  schedule: 'schedule-',
  erasureRequest: 'erasurerequest-',
  /** a series of follow-up visits (`series-<id>`) */
  series: 'series-',
} as const;
