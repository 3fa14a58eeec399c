import { type ReactNode } from 'react';

/** One button of a ToggleGroup: the value it picks, what it shows, and optionally its language and tooltip. */
export interface ToggleOption<T extends string> {
  value: T;
  label: ReactNode;
  lang?: string;
  title?: string;
}

/**
 * A few buttons of which the current one is pressed (aria-pressed), named together as a group: a choice
 * that applies at once (a list's filter, the page's language). Each place keeps its own look
 * (`className` for the group, `optionClassName` for a button, pressed or not).
 */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  className,
  optionClassName,
}: {
  label: string;
  options: readonly ToggleOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className: string;
  optionClassName: (pressed: boolean) => string;
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          title={option.title}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={optionClassName(option.value === value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
