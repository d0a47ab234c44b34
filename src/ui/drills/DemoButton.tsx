/** "Run the demonstration": closes the page and plays the card's demonstration on the stage, as a short lesson. */
import { Play } from 'lucide-react';
import { useT } from '../i18n/react';
import { useLessonController } from '../lessons/react';
import { useDrills } from './context';
import type { DeckCard } from './deck';
import { closeDrills } from './drills-store';

export function DemoButton({ card }: { card: DeckCard }) {
  const t = useT();
  const ctl = useLessonController();
  const { bundle, progress } = useDrills();
  const run = async (): Promise<void> => {
    await progress.flush();
    closeDrills();
    await ctl?.startDemo(card.kind === 'drill' ? card.drill : card.card, bundle.files);
  };
  return (
    <button type="button" onClick={() => void run()} title={t('drills.demoHint')} data-testid="run-demo" disabled={!ctl}>
      <Play size={14} aria-hidden="true" /> {t('drills.demo')}
    </button>
  );
}
