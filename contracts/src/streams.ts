/** every stream's name starts with its kind: the one place the prefixes are written */
export const STREAM_PREFIX = {
  availability: 'availability-',
  user: 'user-',
  email: 'email-',
  questionnaire: 'questionnaire-',
  patient: 'patient-',
  booking: 'booking-',
  product: 'product-',
  coupon: 'coupon-',
  order: 'order-',
  food: 'food-',
  foodCategory: 'foodcategory-',
  diet: 'diet-',
  access: 'access-',
  receipts: 'receipts-',
  fiscal: 'fiscal-',
} as const;
