import { Select, Textarea, TextInput, type SelectProps, type TextareaProps, type TextInputProps } from '@mantine/core';
import { memo, type ComponentType } from 'react';
import { useLatestCallback } from '../lib/stable-props.ts';

/**
 * `Input`, rendered again only when its own props change. In a long form a key typed in one field
 * must not render every field again (issue 39's intake forms: the keystroke budget); a Select
 * carries a combobox and a popover whose positioning runs on every render. The `onChange` may be a
 * new closure each render (the latest one is called); other props must keep their identity between
 * renders (a Select's `data`: a module constant or a useMemo).
 */
function quiet<P extends { onChange?: unknown }>(Input: ComponentType<P>) {
  const Memo = memo(Input) as ComponentType<P>;
  return function Quiet({ onChange, ...props }: P) {
    const latest = useLatestCallback(onChange as ((...args: unknown[]) => unknown) | undefined);
    return <Memo {...(props as P)} onChange={latest} />;
  };
}

export const FormSelect = quiet<SelectProps>(Select);
export const FormTextInput = quiet<TextInputProps>(TextInput);
export const FormTextarea = quiet<TextareaProps>(Textarea);
