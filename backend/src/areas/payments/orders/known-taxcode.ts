import type { Ports } from '../../../platform/kernel/ports';
import { ordersReadModel } from './read-models';

/**
 * The codice fiscale a patient already gave for a receipt (the invoice sealed with an earlier payment, online or at
 * the desk), the latest first; '' when none. The desk then need not ask it again.
 */
export async function earlierInvoiceTaxcode(ports: Pick<Ports, 'readModels' | 'personalData'>, patientId: string): Promise<string> {
  const orders = (await ordersReadModel.find(ports.readModels, { patient_id: patientId }))
    .map((o) => o.doc)
    .filter((o) => o.invoice)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  for (const order of orders) {
    const invoice = await ports.personalData.open<{ taxcode?: string }>(order.invoice!);
    if (invoice?.taxcode) return invoice.taxcode.toUpperCase();
  }
  return '';
}
