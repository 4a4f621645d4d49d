/** The fixtures every consent grants: two pages with Instagram accounts, two LinkedIn organisations. */
export const SANDBOX_PAGES = [
  { id: '2000001', name: 'Sandbox Bakery', instagram: { id: '17841400000001', username: 'sandbox.bakery' } },
  { id: '2000002', name: 'Sandbox Bikes', instagram: { id: '17841400000002', username: 'sandbox.bikes' } },
];
export const SANDBOX_ORGANIZATIONS = [
  { id: 4000001, localizedName: 'Sandbox Studio' },
  { id: 4000002, localizedName: 'Sandbox Labs' },
];
