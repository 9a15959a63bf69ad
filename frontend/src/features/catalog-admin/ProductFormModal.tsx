import type { ProductView } from '@studio/contracts';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { errorMessage } from '../../app/api';
import { centsToEuroInput, parseEuroToCents } from '../../app/money';
import { CatalogFormModal } from './CatalogFormModal';
import { it } from '../../i18n/it';
import { useCreateProductMutation, useUpdateProductMutation } from './catalogAdminApi';

const t = it.catalogAdmin;

/** a new product (product undefined) or an edit of one; closes once the server has it */
export function ProductFormModal({ product, onClose }: { product?: ProductView; onClose: () => void }) {
  const [name, setName] = useState(product?.name ?? '');
  const [description, setDescription] = useState(product?.description ?? '');
  const [price, setPrice] = useState(product ? centsToEuroInput(product.priceCents) : '');
  const [active, setActive] = useState(product?.active ?? true);
  const [create, creating] = useCreateProductMutation();
  const [update, updating] = useUpdateProductMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = creating.isLoading || updating.isLoading;
  const priceCents = parseEuroToCents(price);

  const submit = async () => {
    if (priceCents === null) return setProblem(t.priceInvalid);
    const body = { name, description, priceCents, active };
    try {
      if (product) await update({ id: product.id, body }).unwrap();
      else await create(body).unwrap();
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, t.saveFailed));
    }
  };

  return (
    <CatalogFormModal id="product-form" title={product ? t.editProduct(product.name) : t.newProduct} problem={problem} busy={busy} onSubmit={() => void submit()} onClose={onClose}>
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
    </CatalogFormModal>
  );
}
