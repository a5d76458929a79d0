import { Component, type ReactNode } from 'react';
import { RouteErrorScreen } from './route-error-screen';

/**
 * The error boundary of the frame and of each page (decision 019; a component since decision 025 took the data router
 * out): a page that throws, or whose code cannot be loaded, shows RouteErrorScreen instead of a blank page. Keyed by
 * the page's path, a boundary starts afresh on the next page.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}
