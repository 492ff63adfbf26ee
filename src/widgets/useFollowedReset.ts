import { useEffect, useRef } from 'react';

/**
 * A field whose choices follow another field's value (the city its province, a grant's value its
 * kind) empties when that value changes and its own does not: the old choice no longer belongs
 * to the new list. A draft or record that sets both at once keeps both. `followed` is any key
 * that changes exactly when the list does.
 */
export function useFollowedReset(followed: string, value: string, onChange: (value: string) => void): void {
  const last = useRef({ followed, value });
  useEffect(() => {
    const before = last.current;
    last.current = { followed, value };
    if (before.followed !== followed && before.value === value && value !== '') onChange('');
  }, [followed, value, onChange]);
}
