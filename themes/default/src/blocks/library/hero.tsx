import { ResponsiveImage } from '../responsive-image.js';
import type { BlockConfig } from '../types.js';
import { oneOf, text } from '../values.js';
import { ALIGN_OPTIONS, ALIGNS, LinkButton, type Align } from './shared.js';

export type HeroProps = {
  title: string;
  subtitle: string;
  ctaLabel: string;
  ctaUrl: string;
  backgroundImage: string;
  align: Align;
};

export const hero: BlockConfig<HeroProps> = {
  label: 'Hero',
  fields: {
    title: { type: 'text', label: 'Title' },
    subtitle: { type: 'textarea', label: 'Subtitle' },
    ctaLabel: { type: 'text', label: 'Button label' },
    ctaUrl: { type: 'text', label: 'Button link' },
    backgroundImage: { type: 'text', label: 'Background image' },
    align: { type: 'radio', label: 'Alignment', options: ALIGN_OPTIONS },
  },
  defaultProps: {
    title: 'Learn something new today',
    subtitle: 'Courses, articles and a community to help you grow — at your own pace.',
    ctaLabel: 'Get started',
    ctaUrl: '/signup',
    backgroundImage: '',
    align: 'center',
  },
  render: (props) => {
    const align = oneOf(props.align, ALIGNS, 'center');
    const background = text(props.backgroundImage).trim();
    const subtitle = text(props.subtitle).trim();
    return (
      <section className={`block-hero block-hero--${align}${background === '' ? '' : ' block-hero--image'}`}>
        {background === '' ? null : <ResponsiveImage src={background} alt="" className="block-hero__backdrop" sizes="100vw" priority />}
        <div className="block-hero__body">
          {text(props.title).trim() === '' ? null : <h1 className="block-hero__title">{text(props.title)}</h1>}
          {subtitle === '' ? null : <p className="block-hero__subtitle">{subtitle}</p>}
          <LinkButton label={props.ctaLabel} url={props.ctaUrl} />
        </div>
      </section>
    );
  },
};
