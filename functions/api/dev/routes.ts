import { advanceClock } from './advance-clock';
import { mailbox } from './mailbox';
import { paySimulatedCheckout } from './pay-simulated-checkout';
import { sandboxRequests } from './sandbox-requests';

/** Developer tools of the embedded runtime; the area is localOnly, so absent from AWS. */
export const routes = [mailbox, advanceClock, sandboxRequests, paySimulatedCheckout];
