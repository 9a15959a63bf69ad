import { Alert, Button, Card } from 'react-bootstrap';
import { errorMessage } from '../../../lib/api';
import { Loading } from '../../../components/ui/Loading';
import * as it from '../../../i18n/it';
import { useGetMyDietQuery } from './myDietApi';
import { useGetMyShoppingListQuery } from './planApi';
import { PlanDays, ShoppingListView } from './PlanSheet';
import './my-diet.css';

const t = it.myDiet;

/** the patient's current plan on /home, day by day (today first), with the week's shopping list; printable */
export function MyDiet() {
  const query = useGetMyDietQuery(undefined, { refetchOnMountOrArgChange: true });
  if (query.isLoading) return <Loading label={t.loading} />;
  // a section of /home: its failure is told politely, not as the page's alert
  if (query.isError)
    return (
      <Alert variant="warning" role="status" className="mt-3">
        {errorMessage(query.error, t.error)}
      </Alert>
    );
  const diet = query.data?.diet;
  return (
    <Card className="mt-3 my-diet" id="my-diet">
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 className="h4 mb-0 me-auto">{t.title}</h2>
          {diet && (
            <Button variant="outline-primary" size="sm" className="d-print-none" onClick={() => window.print()} title={t.printHint}>
              {t.print}
            </Button>
          )}
        </div>
        {!diet ? (
          <p className="mb-0">{t.none}</p>
        ) : (
          <>
            <PlanDays diet={diet} />
            <MyShoppingList />
          </>
        )}
      </Card.Body>
    </Card>
  );
}

function MyShoppingList() {
  const query = useGetMyShoppingListQuery(undefined, { refetchOnMountOrArgChange: true });
  if (query.isLoading || !query.data?.list) return null;
  if (query.isError) return <p className="small text-body-secondary">{it.dietPlan.shoppingError}</p>;
  return (
    <div className="mt-3 pt-3 border-top">
      <ShoppingListView list={query.data.list} heading="h3" />
    </div>
  );
}
