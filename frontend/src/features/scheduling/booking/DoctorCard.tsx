import type { DoctorSummary, VisitTypeView } from '@studio/contracts';
import { Card } from 'react-bootstrap';
import { useGetDoctorProfileQuery, useGetPracticeQuery } from '../../../lib/practiceApi';
import * as it from '../../../i18n/it';
import { formatEuro } from '../../../lib/format';
import { useGetVisitPricesQuery } from './bookingApi';

const t = it.booking;

/** initials for the photo placeholder: "Giulia Rossi" → "GR" */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');
}

/** the chosen doctor before the patient commits: photo (or initials), title, specialty and bio as set in /impostazioni, visit length and price (the visit type's once chosen) */
export function DoctorCard({ doctor, visitType }: { doctor: DoctorSummary; visitType?: VisitTypeView }) {
  const practice = useGetPracticeQuery().data;
  const profile = useGetDoctorProfileQuery(doctor.id).data;
  const prices = useGetVisitPricesQuery().data;
  const cents = (prices ?? []).map((p) => p.priceCents).sort((a, b) => a - b);
  const price = cents.length === 0 ? null : cents[0] === cents[cents.length - 1] ? t.priceOne(formatEuro(cents[0])) : t.priceFrom(formatEuro(cents[0]));
  return (
    <Card className="mb-3 app-doctor-card" as="section" aria-label={t.doctorCard(doctor.name)}>
      <Card.Body className="d-flex gap-3 align-items-center">
        {profile?.photoUrl ? (
          <img className="app-doctor-photo object-fit-cover" src={profile.photoUrl} alt="" width={64} height={64} />
        ) : (
          <div className="app-doctor-photo" aria-hidden="true">
            {initials(doctor.name)}
          </div>
        )}
        <div className="min-w-0">
          <p className="h5 mb-1">{[profile?.title, doctor.name].filter(Boolean).join(' ')}</p>
          {(profile ?? practice) && <p className="mb-1 text-body-secondary">{profile?.specialty ?? practice?.specialty}</p>}
          {profile?.bio && <p className="mb-1 small">{profile.bio}</p>}
          {visitType ? (
            <p className="mb-0 small">
              <span className="me-3">{t.visitLength(visitType.minutes)}</span>
              <strong data-testid="visit-price">{t.priceOne(formatEuro(visitType.priceCents))}</strong>
            </p>
          ) : (
            <>
              <p className="mb-0 small">
                {practice && <span className="me-3">{t.visitLength(practice.visitMinutes)}</span>}
                {price && <strong data-testid="visit-price">{price}</strong>}
              </p>
              {price && cents.length > 1 && <p className="mb-0 small text-body-secondary">{t.priceHint}</p>}
            </>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
