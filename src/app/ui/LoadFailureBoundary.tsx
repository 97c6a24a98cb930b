/**
 * Catches a screen or panel that failed to load or render (typically a lazy chunk requested while
 * offline before the service worker controlled the page), so the rest of the app keeps working
 * and the person is told what happened instead of seeing a blank page.
 */
import { Button, Callout, Flex } from '@radix-ui/themes';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { messages } from '../../shared/messages';
import { useMessages } from '../i18n/language';

interface Props {
  children: ReactNode;
  /** Changes of this value (e.g. the path) clear the failure. */
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

export class LoadFailureBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A part of the app failed to load', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed />;
  }
}

/** What the person sees, in the language shown (a class component cannot read it itself). */
function LoadFailed() {
  const words = useMessages(messages.app, 'app');
  return (
    <Callout.Root color="red" role="alert" m="3">
      <Flex direction="column" gap="2" align="start">
        <Callout.Text>{words.loadFailed}</Callout.Text>
        <Button size="1" variant="soft" onClick={() => window.location.reload()}>
          {words.reload}
        </Button>
      </Flex>
    </Callout.Root>
  );
}
