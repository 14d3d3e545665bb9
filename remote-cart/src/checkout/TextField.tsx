import type { InputHTMLAttributes } from 'react';
import { useTranslator } from '@maison/shared';
import { cartMessages } from '../messages';
import styles from './Checkout.module.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A labelled input. Required fields use the browser's own check, with our translated
 * message instead of the browser's generic one.
 */
export function TextField({ id, label, value, onValueChange, required, className, ...rest }: TextFieldProps) {
  const t = useTranslator(cartMessages);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        required={required}
        onChange={(event) => {
          event.currentTarget.setCustomValidity('');
          onValueChange(event.target.value);
        }}
        onInvalid={(event) => {
          if (event.currentTarget.validity.valueMissing) event.currentTarget.setCustomValidity(t('requiredField', { field: label }));
        }}
        {...rest}
      />
    </div>
  );
}
