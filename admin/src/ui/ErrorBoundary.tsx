import { Component, type ReactNode } from 'react';
import { ErrorState } from './states';

/** A screen that throws (a chunk that failed to load, a bug) shows an error with a retry, not a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error !== null) return <ErrorState error={this.state.error} retry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
