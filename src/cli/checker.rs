//! The work on each board as the readers yield it: checked (and, with --unique or --solve,
//! answered by the solver), reported, counted; and now and then, the progress bar moved,
//! waiting report lines let out, and the host asked whether to stop.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::io::{self, BufWriter, Read, Write};
use std::rc::Rc;
use std::time::{Duration, Instant};

use super::csv_reader::read_csv;
use super::detect::{detect, first_line, peek, unrecognised, Kind};
use super::json::read_json;
use super::line_reader::read_lines;
use super::open::read_heeding;
use super::position::CountingReader;
use super::progress::Progress;
use super::report::{Found, Report, Source, Tally, Task};
use super::solving::{answer, Pending};
use super::{block_reader, BoardCells, Failure, Origin, PlacedSink, Sink};
use crate::bounds::Known;
use crate::check::is_valid_cells;
use crate::conflicts::{conflicts, Conflict};
use crate::error::TextError;
use crate::grid::{Grid, CELLS};

/// Boards checked between two looks at the clock (progress, periodic flush, interruption).
pub const TICK_BOARDS: u32 = 16 * 1024;
/// The same for boards the solver answers, which take up to a thousand times longer.
const TICK_SOLVED: u32 = 16;
/// The longest a report line waits in the buffer while the work goes on.
const FLUSH_EVERY: Duration = Duration::from_millis(250);
/// How often the host is asked whether to stop. In Python each question takes the GIL, which
/// can mean waiting out another thread's switch interval (5 ms), so it is asked by the clock.
pub const ASK_EVERY: Duration = Duration::from_millis(100);

/// The checking and reporting state shared by all inputs.
pub struct Checker<'e, W: Write> {
    pub report: Report<BufWriter<W>>,
    pub tally: Tally,
    pub progress: Progress,
    task: Task,
    /// Boards waiting for the solver, when it runs on several threads.
    pending: Option<Pending>,
    interrupted: &'e mut dyn FnMut() -> bool,
    /// The input being read.
    source: Source,
    /// Whether it may make reads wait (standard input: a pipe, a terminal).
    may_wait: bool,
    /// Bytes of the inputs already finished.
    bytes_done: u64,
    /// Bytes read so far from the current input.
    bytes_read: Rc<Cell<u64>>,
    countdown: u32,
    last_flush: Instant,
    last_asked: Instant,
    /// `dedupe`: where each canonical form was first seen.
    seen: FirstSeen,
}

impl<'e, W: Write> Checker<'e, W> {
    pub fn new(
        report: Report<BufWriter<W>>,
        progress: Progress,
        task: Task,
        threads: usize,
        interrupted: &'e mut dyn FnMut() -> bool,
    ) -> Self {
        let pending = (task != Task::Check && threads > 1).then(|| Pending::new(threads));
        Checker {
            report,
            tally: Tally::default(),
            progress,
            task,
            pending,
            interrupted,
            source: Source::new(String::new()),
            may_wait: false,
            bytes_done: 0,
            bytes_read: Rc::new(Cell::new(0)),
            countdown: if task == Task::Check { TICK_BOARDS } else { TICK_SOLVED },
            last_flush: Instant::now(),
            last_asked: Instant::now(),
            seen: FirstSeen::default(),
        }
    }

    /// Opens an input file, hearing Ctrl-C while the open waits.
    pub fn open(&mut self, path: &std::path::Path) -> Result<std::fs::File, Failure> {
        super::open::open_heeding(path, &mut *self.interrupted)
    }

    /// Reads every board of one input, of whatever kind it is.
    /// `may_wait` is true for an input whose reads may wait for more (standard input).
    pub fn check_input<R: Read>(&mut self, source: Source, input: R, may_wait: bool, columns: &[&str]) -> Result<(), Failure> {
        if self.task == Task::Dedupe {
            self.seen.sources.push(source.name().to_owned());
        }
        self.source = source;
        self.may_wait = may_wait;
        self.bytes_read.set(0);
        let mut input = CountingReader::new(input, self.bytes_read.clone());
        let prefix = peek(&mut Heeding { inner: &mut input, interrupted: &mut *self.interrupted }).map_err(Failure::Read)?;
        let kind = detect(&prefix, columns);
        if let Kind::Unrecognised { line } = kind {
            let message = unrecognised(first_line(&prefix));
            return Err(Failure::Input(TextError::at(line, Some(1), message)));
        }
        let this = RefCell::new(&mut *self);
        let stopped = RefCell::new(None);
        let reader = AnswerBeforeRead { inner: io::Cursor::new(prefix).chain(input), checker: &this, stopped: &stopped };
        let read = if kind == Kind::Json {
            let mut sink = |origin: Origin, cells: &BoardCells| this.borrow_mut().board(origin, cells);
            let sink: &mut PlacedSink<'_> = &mut sink;
            read_json(reader, sink)
        } else {
            let mut sink = |line: usize, cells: &BoardCells| this.borrow_mut().board(Origin { line, index: None }, cells);
            let sink: &mut Sink<'_> = &mut sink;
            match kind {
                Kind::Lines => read_lines(reader, sink),
                Kind::Csv => read_csv(reader, columns, sink),
                _ => block_reader::read_block(reader, sink),
            }
        };
        // A failure while answering, inside a read, reached the reader as a read error.
        let read = match stopped.into_inner() {
            Some(failure) => Err(failure),
            None => read,
        };
        match read {
            // The boards before an input error are answered, as they are without threads.
            Ok(()) | Err(Failure::Input(_)) => self.answer_pending().and(read)?,
            Err(failure) => return Err(failure),
        }
        self.bytes_done += self.bytes_read.get();
        Ok(())
    }

    /// Checks one board, or has it answered by the solver. The hot path: a valid board costs
    /// the branch-free check and a count; conflicts are worked out only for invalid boards.
    #[inline]
    fn board(&mut self, origin: Origin, cells: &BoardCells) -> Result<(), Failure> {
        if self.task != Task::Check {
            return match self.pending.as_mut().map(|pending| pending.push(origin, cells)) {
                Some(true) => self.answer_pending(),
                Some(false) => Ok(()),
                None => {
                    let (interrupted, last_asked) = (&mut self.interrupted, &mut self.last_asked);
                    // The search asks every millisecond or so; the host is asked by the clock.
                    let mut should_stop = || ask_by_the_clock(last_asked, &mut **interrupted);
                    let found = answer(self.task, cells, &mut should_stop).map_err(|_| Failure::Interrupted)?;
                    self.answered(origin, cells, found)
                }
            };
        }
        self.tally.boards += 1;
        if is_valid_cells(cells) {
            if self.report.reports_valid_boards() {
                self.report.valid(&self.source, origin).map_err(Failure::Write)?;
            }
        } else {
            self.tally.invalid += 1;
            self.report.invalid(&self.source, origin, &board_conflicts(cells)).map_err(Failure::Write)?;
        }
        self.count_down()
    }

    /// Answers the boards waiting, all at once on the threads, and reports them in order.
    fn answer_pending(&mut self) -> Result<(), Failure> {
        let Some(pending) = self.pending.as_mut().filter(|pending| !pending.boards.is_empty()) else { return Ok(()) };
        let interrupted = &mut self.interrupted;
        let answers = pending.answers(self.task, ASK_EVERY, &mut || interrupted()).map_err(|_| Failure::Interrupted)?;
        let boards = std::mem::take(&mut pending.boards);
        let result = boards.iter().zip(answers).try_for_each(|((origin, cells), found)| self.answered(*origin, cells, found));
        // The batch's memory is kept for the next one.
        if let Some(pending) = self.pending.as_mut() {
            pending.boards = boards;
            pending.boards.clear();
        }
        result
    }

    /// Before the input is read again: answers what is waiting and, if the read may wait, lets
    /// the report out, so boards typed or piped in slowly are answered as they come.
    fn before_read(&mut self) -> Result<(), Failure> {
        self.answer_pending()?;
        if self.may_wait && self.report.holds_output() {
            let report = &mut self.report;
            self.progress.suspend(|| report.flush()).map_err(Failure::Write)?;
        }
        Ok(())
    }

    /// Reports and counts one board the solver has answered.
    fn answered(&mut self, origin: Origin, cells: &BoardCells, found: Found) -> Result<(), Failure> {
        if let (Task::Dedupe, Found::Form(form)) = (self.task, &found) {
            return self.deduplicated(origin, *form);
        }
        self.tally.boards += 1;
        let conflicts = if is_valid_cells(cells) {
            Vec::new()
        } else {
            self.tally.invalid += 1;
            board_conflicts(cells)
        };
        match &found {
            Found::Count(0) | Found::Solution(None) | Found::Graded { count: 0, .. } => self.tally.unsolvable += 1,
            Found::Stepped { path: None, .. } => self.tally.unsolvable += 1,
            Found::Stepped { path: Some(path), .. } => self.tally.stuck += u64::from(!path.solved),
            Found::Graded { count: 1, grade } => {
                if let Some(slot) = grade.and_then(|grade| self.tally.levels.get_mut(usize::from(grade.level.code()))) {
                    *slot += 1;
                }
            }
            Found::Count(1) | Found::Solution(Some(_)) => {}
            Found::Count(_) | Found::Graded { .. } => self.tally.multiple += 1,
            Found::Form(_) => {}
        }
        self.report.answered(&self.source, origin, &conflicts, found).map_err(Failure::Write)?;
        self.count_down()
    }

    /// `dedupe`: reports a board whose form was seen before, else remembers where it is.
    fn deduplicated(&mut self, origin: Origin, form: [u8; CELLS]) -> Result<(), Failure> {
        self.tally.boards += 1;
        let here = self.seen.sources.len().saturating_sub(1);
        match self.seen.first.get(&form) {
            Some(&(source, first)) => {
                self.tally.duplicates += 1;
                let name = self.seen.sources.get(source).cloned().known();
                self.report.duplicate(&self.source, origin, &Source::new(name), first).map_err(Failure::Write)?;
            }
            None => {
                self.seen.first.try_reserve(1).map_err(|_| {
                    Failure::Write(io::Error::new(io::ErrorKind::OutOfMemory, "out of memory for the forms seen"))
                })?;
                self.seen.first.insert(form, (here, origin));
            }
        }
        self.count_down()
    }

    fn count_down(&mut self) -> Result<(), Failure> {
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = if self.task == Task::Check { TICK_BOARDS } else { TICK_SOLVED };
            self.tick()?;
        }
        Ok(())
    }

    /// Now and then: stop if asked, move the progress bar, let waiting report lines out.
    fn tick(&mut self) -> Result<(), Failure> {
        if ask_by_the_clock(&mut self.last_asked, &mut *self.interrupted) {
            return Err(Failure::Interrupted);
        }
        self.progress.update(self.bytes_done + self.bytes_read.get(), self.tally.boards);
        if self.last_flush.elapsed() >= FLUSH_EVERY {
            self.last_flush = Instant::now();
            let report = &mut self.report;
            self.progress.suspend(|| report.flush()).map_err(Failure::Write)?;
        }
        Ok(())
    }
}

/// `dedupe`'s memory: one 81-byte key per distinct form, with the input and place it was first
/// seen at, and the names of the inputs read so far.
#[derive(Default)]
struct FirstSeen {
    first: HashMap<[u8; CELLS], (usize, Origin)>,
    sources: Vec<String>,
}

/// Asks the host whether to stop, if [`ASK_EVERY`] has passed since it was last asked.
fn ask_by_the_clock(last_asked: &mut Instant, interrupted: &mut dyn FnMut() -> bool) -> bool {
    if last_asked.elapsed() < ASK_EVERY {
        return false;
    }
    *last_asked = Instant::now();
    interrupted()
}

/// The conflicts of a board the readers gave (values 0-9 only, so the grid always builds).
fn board_conflicts(cells: &BoardCells) -> Vec<Conflict> {
    conflicts(&Grid::from_checked(*cells))
}

/// Answers the boards waiting before each read of the input, which may wait for more (a
/// pipe, a terminal): what has been read is answered (and, from stdin, written) first, so
/// the output keeps up with the input.
struct AnswerBeforeRead<'c, 'e, W: Write, R> {
    inner: R,
    checker: &'c RefCell<&'c mut Checker<'e, W>>,
    /// A failure while answering, kept for `check_input`: the reader sees only an I/O error.
    stopped: &'c RefCell<Option<Failure>>,
}

impl<W: Write, R: Read> Read for AnswerBeforeRead<'_, '_, W, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        // Once stopped, stopped for good: a reader may read again after an error (serde_json
        // looks for the end of a list it failed in), and must not wait on the input then.
        if self.stopped.borrow().is_some() {
            return Err(io::Error::other("stopped"));
        }
        if let Err(failure) = self.checker.borrow_mut().before_read() {
            *self.stopped.borrow_mut() = Some(failure);
            return Err(io::Error::other("stopped"));
        }
        // A signal (EINTR) asks the host: Ctrl-C stops the command even while a read waits.
        let read = read_heeding(&mut self.inner, buf, &mut *self.checker.borrow_mut().interrupted);
        if read.as_ref().is_err_and(super::Interrupt::is_in) {
            *self.stopped.borrow_mut() = Some(Failure::Interrupted);
        }
        read
    }
}

/// A reader whose interrupted reads ask the host whether to stop (see [`read_heeding`]).
struct Heeding<'a, R> {
    inner: R,
    interrupted: &'a mut dyn FnMut() -> bool,
}

impl<R: Read> Read for Heeding<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        read_heeding(&mut self.inner, buf, &mut *self.interrupted)
    }
}
