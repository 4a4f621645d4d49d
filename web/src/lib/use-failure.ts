import { useState } from 'react';
import { errorMessage } from './api-client';

/**
 * What the last attempt of an action said when it failed, for the page to show: `attempt` clears
 * it, runs the action, keeps the failure's message and answers whether the action succeeded.
 */
export function useFailure() {
  const [failure, setFailure] = useState<string>();
  const attempt = async (action: () => Promise<unknown>) => {
    setFailure(undefined);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(errorMessage(error));
      return false;
    }
  };
  return { failure, attempt };
}
