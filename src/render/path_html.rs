//! A solving path to step through, for `SolvePath._repr_html_`: one frame per step (its
//! card, with the step drawn on the board before it, its sentence, and the board after it)
//! and a last frame with the end board, previous / next buttons and a list to jump to any
//! step. Every frame is in the HTML, drawn: the script only shows one at a time, so the page
//! works without a running kernel and survives `jupyter nbconvert --to html`; without
//! script, the first frame shows. Light cards of their own, as the other views.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};

use super::board_svg::{board_svg, palette};
use super::step_html::{caption, card_style, step_table};
use crate::steps::{Pencil, Step};

/// Paths drawn by this process, so that two views on one page have their own ids.
static DRAWN: AtomicU64 = AtomicU64::new(0);

/// The path of `steps` from `start`, which ended `solved` or stuck.
pub fn path_html(start: &Pencil, steps: &[Step], solved: bool) -> String {
    // The process's start time and a count: unique on one page, even across kernel restarts.
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |t| t.subsec_nanos());
    let id = format!("valid-sudoku-path-{nanos:x}-{}", DRAWN.fetch_add(1, Ordering::Relaxed));
    let frames = steps.len() + 1;
    let mut out = String::with_capacity(frames * 24 * 1024);
    let _ = write!(out, "<div class=\"valid-sudoku-path\" id=\"{id}\" style=\"{};display:block;max-width:none\">", card_style());
    let button = format!(
        "padding:2px 10px;margin-right:6px;font-size:14px;color:{};background:#f1f1f1;border:1px solid {};border-radius:3px;cursor:pointer",
        palette::TEXT,
        palette::THIN_LINE
    );
    let _ = write!(
        out,
        "<div class=\"valid-sudoku-controls\" style=\"margin-bottom:6px;font-size:14px\">\
         <button type=\"button\" class=\"valid-sudoku-previous\" style=\"{button}\">&#9664; previous</button>\
         <button type=\"button\" class=\"valid-sudoku-next\" style=\"{button}\">next &#9654;</button>\
         <select class=\"valid-sudoku-jump\" aria-label=\"step\" style=\"font-size:14px;max-width:420px;color:{};background:#ffffff\">",
        palette::TEXT
    );
    let end = if solved { "solved" } else { "stuck: no technique applies" };
    for (i, step) in steps.iter().enumerate() {
        let _ = write!(out, "<option value=\"{i}\">{}. {}</option>", i + 1, step.describe());
    }
    let _ = write!(out, "<option value=\"{}\">end: {end}</option></select></div>", steps.len());
    let mut board = *start;
    for (i, step) in steps.iter().enumerate() {
        let before = board;
        board.apply(step);
        let hidden = if i == 0 { "" } else { " style=\"display:none\"" };
        let _ = write!(
            out,
            "<div class=\"valid-sudoku-frame\" data-step=\"{i}\"{hidden}>\
             <div class=\"valid-sudoku-position\" style=\"font-size:14px;font-weight:bold\">step {} of {}</div>{}\
             <div class=\"valid-sudoku-after\" style=\"{}\">{}{}</div></div>",
            i + 1,
            steps.len(),
            step_table(&before, step),
            card_style(),
            board_svg(&board, None),
            caption("valid-sudoku-caption", &format!("after step {}", i + 1))
        );
    }
    let hidden = if steps.is_empty() { "" } else { " style=\"display:none\"" };
    let _ = write!(
        out,
        "<div class=\"valid-sudoku-frame\" data-step=\"{}\"{hidden}>\
         <div class=\"valid-sudoku-position\" style=\"font-size:14px;font-weight:bold\">end of {} steps</div>\
         <div class=\"valid-sudoku-after\" style=\"{}\">{}{}</div></div>",
        steps.len(),
        steps.len(),
        card_style(),
        board_svg(&board, None),
        caption("valid-sudoku-summary", end)
    );
    // Shows frame `k` alone; the buttons step, the list jumps. `var` and no arrows: any
    // browser a notebook export may meet.
    let _ = write!(
        out,
        "<script>(function(){{var root=document.getElementById(\"{id}\");if(!root){{return;}}\
         var frames=root.querySelectorAll(\".valid-sudoku-frame\");var jump=root.querySelector(\".valid-sudoku-jump\");var at=0;\
         function show(k){{at=Math.max(0,Math.min(frames.length-1,k));\
         for(var i=0;i<frames.length;i++){{frames[i].style.display=(i===at)?\"\":\"none\";}}jump.value=String(at);}}\
         root.querySelector(\".valid-sudoku-previous\").addEventListener(\"click\",function(){{show(at-1);}});\
         root.querySelector(\".valid-sudoku-next\").addEventListener(\"click\",function(){{show(at+1);}});\
         jump.addEventListener(\"change\",function(){{show(parseInt(jump.value,10));}});show(0);}})();</script></div>"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::steps::{solve_path, ALL_TECHNIQUES};

    #[test]
    fn every_step_has_its_frame_sentence_and_option() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let start = Pencil::from_grid(&crate::parse::grid_from_text(line).unwrap_or(Grid::EMPTY));
        let path = solve_path(start, ALL_TECHNIQUES, true);
        let html = path_html(&start, &path.steps, path.solved);
        assert_eq!(html.matches("class=\"valid-sudoku-frame\"").count(), path.steps.len() + 1);
        assert_eq!(html.matches("<option ").count(), path.steps.len() + 1);
        for step in &path.steps {
            assert!(html.contains(&format!("<div class=\"valid-sudoku-summary\" style=\"max-width:400px;margin-top:6px;font-size:14px;line-height:1.4;color:#1b1b1b\">{}</div>", step.describe())));
        }
        // Only the first frame shows before the script runs.
        assert_eq!(html.matches("data-step=").count() - html.matches("style=\"display:none\">").count(), 1);
        assert!(html.contains("end: solved"));
        let other = path_html(&start, &path.steps, path.solved);
        let id = |html: &str| html.split("id=\"").nth(1).and_then(|rest| rest.split('"').next()).map(str::to_owned);
        assert_ne!(id(&html), id(&other));
    }
}
