import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` in place of a lazily loaded part whose code could not be fetched (no connection,
 * or a new version deployed meanwhile), so that the page and what is typed on it stay.
 */
export class LazyBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
