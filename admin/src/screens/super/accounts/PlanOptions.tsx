import { useTranslation } from 'react-i18next';
import { PLAN_IDS, planLabel } from '../shared';

/** The plan catalogue as a select's options, labelled in the dashboard's language. */
export function PlanOptions() {
  const { t } = useTranslation('platform');
  return (
    <>
      {PLAN_IDS.map((id) => (
        <option key={id} value={id}>
          {planLabel(t, id)}
        </option>
      ))}
    </>
  );
}
