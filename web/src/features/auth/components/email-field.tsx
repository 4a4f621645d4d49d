import type { ComponentProps } from 'react';
import { TextField } from '@/components/ui/field';

/** The email a person signs in with, as every auth form asks for it. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}
