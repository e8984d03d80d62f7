import { useEffect, useId, useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { LucideIcon } from '@/components/icons';
import type { CitySuggestion } from '@shared/api/catalog-responses';
import { IconInput } from '@/components/icon-input';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';

/** How long typing pauses before the box asks for suggestions. */
const SUGGEST_DELAY_MS = 150;

/**
 * A place box that suggests places as the user types (decision 016): the city box of search and
 * the service form's City. An ARIA 1.2 combobox: the list opens as the user types,
 * ArrowDown/ArrowUp move through it, Enter chooses the highlighted place (otherwise it submits the
 * form as usual), Escape closes it, and a click chooses too. `suggestions` gives the query for a
 * typed text; `meta` what each option shows at its end. With `icon`, the box has the icon and
 * `label` as its screen-reader label; without, its label is the form's.
 */
export function PlaceCombobox({
  id,
  value,
  onValueChange,
  onSelect,
  suggestions: suggestionsOf,
  icon,
  label,
  listLabel,
  meta,
  large,
  className,
  containerClassName,
  listClassName,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'onSelect'> & {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** A place was chosen from the list (its name is already the box's value). */
  onSelect?: (city: string) => void;
  suggestions: (q: string) => UseQueryOptions<CitySuggestion[], Error, CitySuggestion[], string[]>;
  icon?: LucideIcon;
  label?: ReactNode;
  /** The list's accessible name. */
  listLabel: string;
  meta?: (option: CitySuggestion) => ReactNode;
  large?: boolean;
  containerClassName?: string;
  listClassName?: string;
}) {
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [asked, setAsked] = useState('');

  // Ask once typing pauses; only while the list is wanted.
  useEffect(() => {
    if (!isOpen) return;
    const timer = setTimeout(() => setAsked(value.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, isOpen]);

  const suggestions = useQuery({
    ...suggestionsOf(asked),
    enabled: isOpen && asked !== '',
    placeholderData: keepPreviousData,
  });
  const options: CitySuggestion[] = isOpen && asked !== '' ? (suggestions.data ?? []) : [];
  const isExpanded = isOpen && value.trim() !== '' && options.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  function choose(option: CitySuggestion) {
    setIsOpen(false);
    setActive(-1);
    onValueChange(option.city);
    onSelect?.(option.city);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!isOpen) {
        setIsOpen(true);
        return;
      }
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => {
        const next = i + step;
        if (next >= options.length) return 0;
        if (next < 0) return options.length - 1;
        return next;
      });
    } else if (event.key === 'Enter') {
      const option = isExpanded && active >= 0 ? options[active] : undefined;
      if (option) {
        event.preventDefault();
        choose(option);
      } else {
        setIsOpen(false);
      }
    } else if (event.key === 'Escape') {
      if (isExpanded) {
        event.preventDefault();
        event.stopPropagation();
      }
      setIsOpen(false);
      setActive(-1);
    }
  }

  const boxProps = {
    id,
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': isExpanded,
    'aria-controls': listId,
    'aria-activedescendant': isExpanded && active >= 0 ? optionId(active) : undefined,
    value,
    onValueChange,
    onChange: () => {
      setIsOpen(true);
      setActive(-1);
    },
    onKeyDown: handleKeyDown,
    onBlur: () => {
      setIsOpen(false);
      setActive(-1);
    },
    autoComplete: 'off',
    className,
    ...inputProps,
  };

  return (
    <div className={cn('relative', containerClassName)}>
      {icon ? <IconInput icon={icon} label={label} large={large} {...boxProps} /> : <Input {...boxProps} />}
      <ul
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!isExpanded}
        className={cn(
          'absolute top-full right-0 left-0 z-40 mt-1 max-h-72 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg',
          listClassName,
        )}
      >
        {isExpanded &&
          options.map((option, i) => (
            <li
              key={option.city}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Keep the focus in the box: the click chooses, the blur would close first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              onMouseEnter={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-3 rounded-sm px-3 py-2 text-sm',
                i === active && 'bg-accent text-accent-foreground',
              )}
            >
              <span className="min-w-0 truncate">
                <span className="font-medium">{option.city}</span>
                {option.matchedAlias && <span className="text-muted-foreground"> · {option.matchedAlias}</span>}
              </span>
              {meta && <span className="shrink-0 text-xs text-muted-foreground">{meta(option)}</span>}
            </li>
          ))}
      </ul>
    </div>
  );
}
