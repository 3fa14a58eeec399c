import { FaqAccordion } from '../../features/content/components/faq-accordion';
import { ProcessSteps } from '../../features/content/components/process-steps';
import { SecurePayment } from '../../features/content/components/secure-payment';

/** The buyer landing's last sections (FAQ, process, escrow): one lazy chunk (source-landing.tsx). */
export default function LandingLowerSections() {
  return (
    <>
      <FaqAccordion />
      <ProcessSteps />
      <SecurePayment />
    </>
  );
}
