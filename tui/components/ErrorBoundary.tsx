// The root's error boundary: a screen that throws while drawing shows its error in place
// (the dashboard and the other screens go on); `q` still quits.
import { Box, Text } from 'ink';
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<{ children: ReactNode; label: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(prev: { label: string }) {
    if (prev.label !== this.props.label && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (this.state.error) {
      return (
        <Box flexDirection="column">
          <Text bold>! The {this.props.label} screen failed: {this.state.error.message}</Text>
          <Text>Switch screens to try again, or press q to quit.</Text>
        </Box>
      );
    }
    return this.props.children;
  }
}
