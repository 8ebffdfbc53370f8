/**
 * The app's one command registry, and how components use it: `useCommands` registers a
 * component's commands for as long as it is mounted, `useCommandList` gives the current list to
 * the palette and the shortcuts list, `installShortcuts` turns key presses into commands.
 */
import { onBeforeUnmount, onMounted, shallowRef, type ShallowRef } from 'vue';
import { CommandRegistry, type Command } from './registry';

export * from './registry';

export const commands = new CommandRegistry();

/** macOS writes Cmd where others write Ctrl. */
export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Registers commands while the calling component is mounted (kept-alive views stay mounted). */
export function useCommands(list: readonly Command[], registry: CommandRegistry = commands): void {
  let remove: (() => void) | null = null;
  onMounted(() => {
    remove = registry.register(list);
  });
  onBeforeUnmount(() => remove?.());
}

/** The registered commands, updated as components come and go. */
export function useCommandList(registry: CommandRegistry = commands): ShallowRef<Command[]> {
  const list = shallowRef(registry.list());
  const stop = registry.subscribe(() => (list.value = registry.list()));
  onBeforeUnmount(stop);
  return list;
}

/** Whether the key press lands in something the user types into (fields, Monaco's edit surface). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('.monaco-editor')) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(target.type);
}

/**
 * Listens for shortcuts on the whole page (capture phase, so an editor that handles the key itself
 * does not hide an app shortcut). While a modal dialog is open it has the keyboard to itself.
 */
export function installShortcuts(win: Window = window, registry: CommandRegistry = commands): () => void {
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.isComposing || event.repeat) return;
    if (win.document.querySelector('dialog[open]')) return;
    if (registry.handle(event, { mac: isMac, typing: typingIn(event.target) })) {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  win.addEventListener('keydown', onKeyDown, true);
  return () => win.removeEventListener('keydown', onKeyDown, true);
}
