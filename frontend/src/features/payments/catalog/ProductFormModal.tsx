import type { ProductView } from '@studio/contracts';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { api } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { ModalForm } from '../../../components/ui';
import { centsToEuroInput, parseEuroToCents } from '../../../lib/money';
import * as it from '../../../i18n/it';

const t = it.catalogAdmin;

/** a new product (product undefined) or an edit of one; closes once the server has it */
export function ProductFormModal({ product, onClose }: { product?: ProductView; onClose: () => void }) {
  const [name, setName] = useState(product?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState(product ? centsToEuroInput(product.priceCents) : '');
  const [active, setActive] = useState(product?.active ?? true);
  const [followUpOnly, setFollowUpOnly] = useState(product?.followUpOnly ?? false);
  const dispatch = useAppDispatch();
  const priceCents = parseEuroToCents(price);

  return (
    <ModalForm
      id="product-form"
      title={product ? t.editProduct(product.name) : t.newProduct}
      action={product ? `/api/admin/products/${encodeURIComponent(product.id)}` : '/api/admin/products'}
      method={product ? 'PUT' : 'POST'}
      // cents from the euro text; 0 when unreadable, which the server refuses in Italian
      body={() => ({ name, description, priceCents: priceCents ?? 0, active, followUpOnly })}
      onSaved={() => dispatch(api.util.invalidateTags(['AdminProducts']))}
      onClose={onClose}
      submitLabel={t.save}
      cancelLabel={t.cancel}
    >
      <Form.Group controlId="product-name" className="mb-3">
        <Form.Label>{t.name}</Form.Label>
        <Form.Control required maxLength={120} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
        <Form.Control.Feedback type="invalid">{t.nameRequired}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="product-description" className="mb-3">
        <Form.Label>{t.description}</Form.Label>
        <Form.Control as="textarea" rows={3} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Form.Group>
      <Form.Group controlId="product-price" className="mb-3">
        <Form.Label>{t.price}</Form.Label>
        <Form.Control
          required
          inputMode="decimal"
          pattern="\s*\d{1,3}(\.?\d{3})*([.,]\d{1,2})?\s*"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          aria-describedby="product-price-help"
        />
        <Form.Text id="product-price-help">{t.priceHelp}</Form.Text>
        <Form.Control.Feedback type="invalid">{t.priceInvalid}</Form.Control.Feedback>
      </Form.Group>
      <Form.Check id="product-active" type="switch" label={t.activeLabel} checked={active} onChange={(e) => setActive(e.target.checked)} />
      <Form.Check
        id="product-followUpOnly"
        type="switch"
        label={t.followUpOnlyLabel}
        checked={followUpOnly}
        onChange={(e) => setFollowUpOnly(e.target.checked)}
      />
    </ModalForm>
  );
}
