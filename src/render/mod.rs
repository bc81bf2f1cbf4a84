//! A board shown to people: as text (one line, or a grid with box separators) and as an HTML
//! table for notebooks. Knows nothing of Python.

pub mod board_svg;
pub mod html;
pub mod path_html;
pub mod step_html;
pub mod text;
