import { companyContracts } from '@shared/contracts/company';
import { jobStartRoute } from '../../core/http/job-start-route';
import { idealCustomersJob } from '../../core/onboarding/ideal-customers-job';

/** POST /api/company/ideal-customer: no body; the job reads the saved overview. */
export const startIdealCustomers = jobStartRoute(companyContracts.idealCustomer, idealCustomersJob, async () => ({}));
