/**
 * One action at a time for a small form: tracks that it is working, and shows and announces (for
 * screen readers) the message the action ends with.
 */
import { ref } from 'vue';
import { useAppStore } from '../../stores/app';

interface FormMessage {
  readonly tone: 'ok' | 'bad';
  readonly text: string;
}

export function useFormAction() {
  const app = useAppStore();
  const message = ref<FormMessage | null>(null);
  const working = ref(false);

  async function run(action: () => Promise<FormMessage>): Promise<void> {
    working.value = true;
    try {
      message.value = await action();
      app.announce(message.value.text);
    } finally {
      working.value = false;
    }
  }

  return { message, working, run };
}
