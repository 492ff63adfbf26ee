import { financeOrgApplication } from '../finance-org';

/** Finance organisation enter applications (portal-shell §1), reviewed through an approval flow. */
export default financeOrgApplication('enter');
