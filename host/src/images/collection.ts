import lake from './collection-lake.svg';
import pagoda from './collection-pagoda.svg';
import lantern from './collection-lantern.svg';
import dragon from './collection-dragon.svg';
import lotus from './collection-lotus.svg';

/** The home page's scrolling strip. [en, vi] alt texts; the host picks by language where it matters. */
export const COLLECTION_IMAGES: Array<{ src: string; alt: [string, string] }> = [
  { src: lake, alt: ['Hoan Kiem Lake collection: the Turtle Tower on jade water', 'Bộ sưu tập Hồ Hoàn Kiếm'] },
  { src: pagoda, alt: ['One Pillar Pagoda collection', 'Bộ sưu tập Chùa Một Cột'] },
  { src: lantern, alt: ['Hoi An collection: silk lanterns', 'Bộ sưu tập Hội An'] },
  { src: dragon, alt: ['Dragon Bridge collection', 'Bộ sưu tập Cầu Rồng'] },
  { src: lotus, alt: ['Lotus motif, our signature', 'Hoa văn sen, dấu ấn của chúng tôi'] },
];
