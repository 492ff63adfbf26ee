import { financeOrgApplication } from '../finance-org';

/** Finance organisation back applications (portal-shell §1), reviewed through an approval flow. */
export default financeOrgApplication('back');
