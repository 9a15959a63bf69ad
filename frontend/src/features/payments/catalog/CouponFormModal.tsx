import { COUPON_CODE_PATTERN, type CouponView } from '@studio/contracts';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { api } from '../../../lib/api';
import { useAppDispatch } from '../../../lib/hooks';
import { ModalForm } from '../../../components/ui';
import * as it from '../../../i18n/it';

const t = it.catalogAdmin;

/** a new coupon (coupon undefined) or new terms for one; the code of an existing coupon stays */
export function CouponFormModal({ coupon, onClose }: { coupon?: CouponView; onClose: () => void }) {
  const [code, setCode] = useState(coupon?.code ?? '');
  const [percentage, setPercentage] = useState(coupon ? String(coupon.percentage) : '');
  const [validFrom, setValidFrom] = useState(coupon?.validFrom ?? '');
  const [validTo, setValidTo] = useState(coupon?.validTo ?? '');
  const [maxUses, setMaxUses] = useState(coupon?.maxUses ? String(coupon.maxUses) : '');
  const dispatch = useAppDispatch();

  return (
    <ModalForm
      id="coupon-form"
      title={coupon ? t.editCoupon(coupon.code) : t.newCoupon}
      action={coupon ? `/api/admin/coupons/${encodeURIComponent(coupon.code)}` : '/api/admin/coupons'}
      method={coupon ? 'PUT' : 'POST'}
      body={() => {
        const terms = { percentage: Number(percentage), validFrom, validTo, maxUses: maxUses ? Number(maxUses) : null };
        // the code of an existing coupon stays: only its terms change
        return coupon ? terms : { code, ...terms };
      }}
      onSaved={() => dispatch(api.util.invalidateTags(['AdminCoupons']))}
      onClose={onClose}
      submitLabel={t.save}
      cancelLabel={t.cancel}
    >
      <Form.Group controlId="coupon-code" className="mb-3">
        <Form.Label>{t.code}</Form.Label>
        <Form.Control
          required
          readOnly={coupon !== undefined}
          pattern={COUPON_CODE_PATTERN.source.replace(/^\^|\$$/g, '').replace('A-Z', 'A-Za-z')}
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          aria-describedby="coupon-code-help"
          autoFocus={coupon === undefined}
        />
        <Form.Text id="coupon-code-help">{t.codeHelp}</Form.Text>
        <Form.Control.Feedback type="invalid">{t.codeInvalid}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group controlId="coupon-percentage" className="mb-3">
        <Form.Label>{t.percentage}</Form.Label>
        <Form.Control required type="number" min={1} max={100} step={1} value={percentage} onChange={(e) => setPercentage(e.target.value)} />
        <Form.Control.Feedback type="invalid">{t.percentageInvalid}</Form.Control.Feedback>
      </Form.Group>
      <div className="row g-2 mb-3">
        <Form.Group controlId="coupon-from" className="col-sm-6">
          <Form.Label>{t.validFrom}</Form.Label>
          <Form.Control required type="date" value={validFrom} onChange={(e) => setValidFrom(e.target.value)} />
          <Form.Control.Feedback type="invalid">{t.dateRequired}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group controlId="coupon-to" className="col-sm-6">
          <Form.Label>{t.validTo}</Form.Label>
          <Form.Control required type="date" min={validFrom || undefined} value={validTo} onChange={(e) => setValidTo(e.target.value)} />
          <Form.Control.Feedback type="invalid">{t.dateToInvalid}</Form.Control.Feedback>
        </Form.Group>
      </div>
      <Form.Group controlId="coupon-max-uses">
        <Form.Label>{t.maxUses}</Form.Label>
        <Form.Control type="number" min={1} step={1} value={maxUses} onChange={(e) => setMaxUses(e.target.value)} aria-describedby="coupon-max-uses-help" />
        <Form.Text id="coupon-max-uses-help">{t.maxUsesHelp}</Form.Text>
        <Form.Control.Feedback type="invalid">{t.maxUsesInvalid}</Form.Control.Feedback>
      </Form.Group>
    </ModalForm>
  );
}
