import { useId } from 'react';
import './social-app.css';

/** The connected switch of an app row: turning it off disconnects (spec 01 §4). */
export function AppSwitch({ name, pending, onOff }: { name: string; pending: boolean; onOff: () => void }) {
  const id = useId();
  return (
    <div className="social-app__switch">
      <label htmlFor={id} className="social-app__switch-label">
        Connected
      </label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch__input"
        checked
        disabled={pending}
        aria-label={`${name} connected`}
        onChange={onOff}
      />
    </div>
  );
}
