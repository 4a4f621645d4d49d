import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (the library search waits 500 ms, spec 01 §9). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
