import { Text, VisuallyHidden } from '@mantine/core';
import { textCounter, type TextCounter } from '../../core/limits.ts';

/** '9,812 / 10,000' on the screen, '188 of 10,000 characters left' to a screen reader; red past the limit. */
function LimitCount({ counter }: { counter: TextCounter }) {
  return (
    <Text span display="block" ta="right" size="xs" c={counter.over ? 'red.9' : 'dimmed'} fw={counter.over ? 700 : 400} data-counter>
      <span aria-hidden="true">{counter.text}</span>
      <VisuallyHidden>{counter.description}</VisuallyHidden>
    </Text>
  );
}

const ORDER: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/**
 * Props for a Mantine text input or textarea with a limit (src/core/limits.ts): the count as its
 * description from 80% of the limit on (red past it), and a refusal as its error. Never maxLength:
 * a paste longer than the limit is kept whole, shown over the limit and refused by name.
 */
export function limitProps(value: string, max: number | undefined, refusal?: string) {
  const counter = max === undefined ? null : textCounter(value.length, max);
  return {
    description: counter?.shown ? <LimitCount counter={counter} /> : undefined,
    error: refusal ?? (counter?.over ? true : undefined),
    inputWrapperOrder: ORDER,
  };
}
