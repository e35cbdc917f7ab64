import { memo, type ComponentType } from 'react';
import { useLatestCallback, useShallowStable } from '../lib/stable-props.ts';

/**
 * A form section that renders again only when its value, its errors or its other props change: a key
 * typed in another section of the same form leaves it alone (issue 39's intake forms). Its onChange
 * may be a new closure each render (the latest is called), its errors a new object of the same messages.
 */
export function memoFields<P extends { onChange(next: never): void; errors?: object }>(Section: ComponentType<P>) {
  const Memo = memo(Section) as ComponentType<P>;
  return function Fields(props: P) {
    const onChange = useLatestCallback(props.onChange) as P['onChange'];
    const errors = useShallowStable(props.errors);
    return <Memo {...props} onChange={onChange} errors={errors} />;
  };
}
