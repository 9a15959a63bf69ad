import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import './combobox.css';

export interface ComboboxOption {
  value: number | string;
  label: string;
  /** shown after the label, and searched with it (a food's category) */
  hint?: string;
  /** data-* attributes carried by the option element (e.g. { 'kcal-100': 353 }) */
  data?: Record<string, string | number>;
}

/** lower case without accents: "Caffè" matches "caffe", "Pecorino Romano" matches "romano" */
export function foldForSearch(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** the options whose label and hint contain every word typed, accents and case ignored */
export function filterOptions<T extends ComboboxOption>(options: T[], query: string): T[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((o) => {
    const text = foldForSearch(`${o.label} ${o.hint ?? ''}`);
    return words.every((w) => text.includes(w));
  });
}

export interface ComboboxProps<T extends ComboboxOption> {
  label: string;
  /** the label is shown; visuallyHiddenLabel keeps it for screen readers only (a column header already says it) */
  visuallyHiddenLabel?: boolean;
  options: T[];
  value: T['value'] | null;
  onChange(value: T['value'], option: T): void;
  /** the form field: a hidden input with this name carries the chosen value */
  name?: string;
  placeholder?: string;
  emptyText: string;
  className?: string;
  size?: 'sm';
  /** the id of a note about the current choice (e.g. an allergy warning) */
  describedBy?: string;
}

/**
 * A searchable single choice after the WAI-ARIA combobox pattern (list autocomplete, APG "Editable Combobox With
 * List Autocomplete"): the input is role=combobox with aria-expanded, aria-controls and aria-activedescendant; the
 * list is role=listbox with role=option items. Typing filters (accents and case ignored); ArrowDown/ArrowUp move,
 * Enter chooses, Escape closes (a second Escape clears the text), leaving restores the chosen option's label.
 */
export function Combobox<T extends ComboboxOption>({
  label,
  visuallyHiddenLabel,
  options,
  value,
  onChange,
  name,
  placeholder,
  emptyText,
  className,
  size,
  describedBy,
}: ComboboxProps<T>) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const selected = useMemo(() => options.find((o) => o.value === value) ?? null, [options, value]);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null); // null: not typing, the input shows the chosen label
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => (open ? filterOptions(options, query ?? '') : []), [open, options, query]);

  const scrollTo = (index: number) => {
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
    requestAnimationFrame?.(() => scrollTo(index));
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
    setQuery(null);
  };
  const choose = (option: T) => {
    close();
    if (option.value !== value) onChange(option.value, option);
  };
  const currentIndex = () => {
    const list = filterOptions(options, query ?? '');
    return { list, index: selected ? list.findIndex((o) => o.value === selected.value) : -1 };
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown': {
        e.preventDefault();
        if (!open) {
          const { list, index } = currentIndex();
          return openAt(index >= 0 ? index : list.length > 0 ? 0 : -1);
        }
        const next = shown.length === 0 ? -1 : Math.min(active + 1, shown.length - 1);
        setActive(next);
        return scrollTo(next);
      }
      case 'ArrowUp': {
        e.preventDefault();
        if (!open) {
          const { list, index } = currentIndex();
          return openAt(index >= 0 ? index : list.length - 1);
        }
        const prev = shown.length === 0 ? -1 : Math.max(active - 1, 0);
        setActive(prev);
        return scrollTo(prev);
      }
      case 'Home':
      case 'End':
        if (!open || shown.length === 0) return;
        e.preventDefault();
        setActive(e.key === 'Home' ? 0 : shown.length - 1);
        return scrollTo(e.key === 'Home' ? 0 : shown.length - 1);
      case 'Enter':
        // never submits the diet's form from the picker
        if (open) e.preventDefault();
        if (open && active >= 0 && shown[active]) choose(shown[active]);
        return;
      case 'Escape':
        if (open) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query !== null) {
          e.preventDefault();
          setQuery(null);
        }
        return;
      case 'Tab':
        close();
        return;
    }
  };

  const text = query ?? selected?.label ?? '';
  const activeId = open && active >= 0 && shown[active] ? optionId(active) : undefined;
  return (
    <div className={`combobox position-relative ${className ?? ''}`}>
      <label htmlFor={inputId} className={visuallyHiddenLabel ? 'visually-hidden' : `form-label mb-1${size === 'sm' ? ' small' : ''}`}>
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        className={`form-control${size === 'sm' ? ' form-control-sm' : ''}`}
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={describedBy}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(filterOptions(options, e.target.value).length > 0 ? 0 : -1);
        }}
        onKeyDown={onKeyDown}
        onClick={() => (open ? undefined : openAt(currentIndex().index))}
        onBlur={close}
      />
      {name !== undefined && <input type="hidden" name={name} value={selected ? String(selected.value) : ''} />}
      <ul id={listId} ref={listRef} role="listbox" aria-label={label} className="combobox-list list-unstyled mb-0" hidden={!open || shown.length === 0}>
        {shown.map((o, i) => {
          const data = Object.fromEntries(Object.entries(o.data ?? {}).map(([k, v]) => [`data-${k}`, String(v)]));
          return (
            <li
              key={String(o.value)}
              id={optionId(i)}
              role="option"
              aria-selected={selected?.value === o.value}
              data-index={i}
              data-value={String(o.value)}
              {...data}
              className={`combobox-option${i === active ? ' active' : ''}`}
              // keeps the focus in the input, so blur does not close the list before the click lands
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(o)}
            >
              <span className="combobox-label">{o.label}</span>
              {o.hint && <span className="combobox-hint"> · {o.hint}</span>}
            </li>
          );
        })}
      </ul>
      {open && shown.length === 0 && (
        <div className="combobox-empty small" role="status">
          {emptyText}
        </div>
      )}
    </div>
  );
}
