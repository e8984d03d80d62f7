import { useId, useState } from 'react';
import { Star } from '@/components/icons';
import { Plural, Trans } from '@lingui/react/macro';
import { cn } from '@/lib/utils';

/** 1 to 5 stars as a radio group (arrow keys move, the checked star is announced). */
export function StarInput({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value;
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm leading-none font-medium">
        <Trans>Rating</Trans>
      </legend>
      <div className="flex gap-1" onMouseLeave={() => setHovered(null)}>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            onMouseEnter={() => setHovered(stars)}
            className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="peer sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-8 transition-colors',
                stars <= shown ? 'fill-warm text-warm' : 'fill-transparent text-muted-foreground',
              )}
            />
            <span className="sr-only">
              <Plural value={stars} one="# star" other="# stars" />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
