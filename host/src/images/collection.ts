import lake from './collection-lake.svg';
import pagoda from './collection-pagoda.svg';
import lantern from './collection-lantern.svg';
import dragon from './collection-dragon.svg';
import lotus from './collection-lotus.svg';
import type { LocalizedText } from '@maison/shared';

/** The home page's scrolling strip. */
export const COLLECTION_IMAGES: Array<{ src: string; alt: LocalizedText }> = [
  { src: lake, alt: { en: 'Hoan Kiem Lake collection: the Turtle Tower on jade water', vi: 'Bộ sưu tập Hồ Hoàn Kiếm' } },
  { src: pagoda, alt: { en: 'One Pillar Pagoda collection', vi: 'Bộ sưu tập Chùa Một Cột' } },
  { src: lantern, alt: { en: 'Hoi An collection: silk lanterns', vi: 'Bộ sưu tập Hội An' } },
  { src: dragon, alt: { en: 'Dragon Bridge collection', vi: 'Bộ sưu tập Cầu Rồng' } },
  { src: lotus, alt: { en: 'Lotus motif, our signature', vi: 'Hoa văn sen, dấu ấn của chúng tôi' } },
];
