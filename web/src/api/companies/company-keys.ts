/** The user's companies (with their members and profiles): the user's, not one company's. */
export const companyKeys = {
  list: ['companies'] as const,
};
