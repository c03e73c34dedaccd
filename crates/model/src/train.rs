//! Training: targets from labeled records, a seeded initialisation, AdamW with warm-up and cosine
//! decay, and the masked losses of every head; word dropout and, when asked, typos in prose words
//! and a moving average of the weights.
//!
//! Everything random (initial weights, shuffling) comes from one ChaCha seed, so the same data and
//! seed give the same model (the CPU backend of candle has no seedable generator of its own).

use candle_core::{D, DType, Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW, VarBuilder, VarMap};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rand_distr::{Distribution, StandardNormal};

use crate::ModelError;
use crate::features::{
    Encoded, F_ARG, F_PROP, F_TOOL, FEATURES, FIRST_WORD, NAME, Subwords, UNK, VectorWords, Vocab,
    encode, is_catalog_name, name_text,
};
use crate::labels::Targets;
use crate::network::{Config, Network, Pretrained, TAGS, batch};

/// Training settings.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The seed of initialisation and shuffling.
    pub seed: u64,
    /// Passes over the training data.
    pub epochs: usize,
    /// Records per step.
    pub batch_size: usize,
    /// The peak learning rate.
    pub learning_rate: f64,
    /// The share of prose words replaced by the unknown word in each step, so that the network
    /// learns to read sentences around words it has never seen.
    pub word_dropout: f64,
    /// The decay of an exponential moving average of the weights, kept beside them from the
    /// first step; when above 0 the trained network carries the average, and
    /// [`Trained::last_step`] the weights of the last step. 0 keeps no average.
    pub ema: f64,
    /// The share of prose words (4 letters or more) given a typo in each step: a letter dropped,
    /// doubled, swapped with the next or replaced, with the word id and n-grams of the misspelt
    /// word; so that the network reads a word from some of its pieces (`paralel`, and
    /// `parallelize` beside `parallel`). 0 draws nothing.
    pub typos: f64,
    /// Pretrained word vectors to read beside the learned embeddings (their words, in row
    /// order, and the table; see [`read_vectors`]); they are saved with the weights.
    pub vectors: Option<(Vec<String>, Pretrained)>,
    /// Channels of the convolution stack (the network's width).
    pub channels: usize,
    /// How many pieces each batch is split into, each piece's gradient computed on its own
    /// thread (up to `threads`) and the gradients summed in piece order. The loss of every
    /// piece is divided by the whole batch's weights, so the sum is the batch's gradient; the
    /// weights depend on this number (float sums in another order) but never on `threads`.
    pub shards: usize,
    /// How many threads compute the pieces of a batch.
    pub threads: usize,
    /// Build the network with the shared-value head ([`Config::shared_head`]) and teach it which
    /// values are said for every call. Off, the network and its weights are what they were
    /// before the head existed.
    pub shared_head: bool,
}

/// Reads a file of pretrained word vectors as `scripts/vectors.py` writes it: safetensors with
/// `words` (u8, the words joined by newlines), `values` (u8, words × width), `scale` and `offset`.
pub fn read_vectors(path: &std::path::Path) -> Result<(Vec<String>, Pretrained), ModelError> {
    let tensors = candle_core::safetensors::load(path, &Device::Cpu)
        .map_err(|e| ModelError::Io(format!("{}: {e}", path.display())))?;
    let bytes: Vec<u8> = tensors
        .get("words")
        .ok_or_else(|| ModelError::Config(format!("{}: no `words` tensor", path.display())))?
        .to_vec1()?;
    let words: Vec<String> = String::from_utf8(bytes)
        .map_err(|e| ModelError::Config(format!("{}: words are not UTF-8: {e}", path.display())))?
        .split('\n')
        .map(str::to_owned)
        .collect();
    let table = Pretrained::from_tensors(&tensors, "")?;
    if table.rows() != words.len() {
        return Err(ModelError::Config(format!(
            "{}: {} words for {} vectors",
            path.display(),
            words.len(),
            table.rows()
        )));
    }
    Ok((words, table))
}

/// Writes a network's weights as safetensors: its variables and, if it reads pretrained vectors,
/// their table.
pub fn save_weights(
    varmap: &VarMap,
    network: &Network,
    path: &std::path::Path,
) -> Result<(), ModelError> {
    let mut tensors: std::collections::HashMap<String, Tensor> = sorted_vars(varmap)?
        .into_iter()
        .map(|(name, var)| (name, var.as_tensor().clone()))
        .collect();
    if let Some(table) = network.vectors() {
        tensors.extend(table.tensors()?);
    }
    candle_core::safetensors::save(&tensors, path)?;
    Ok(())
}

/// What [`train`] answers: the network (with the averaged weights when
/// [`Settings::ema`] is above 0), its configuration and variables.
pub struct Trained {
    /// The configuration (vocabulary included) the network was built with.
    pub config: Config,
    /// The network's variables.
    pub varmap: VarMap,
    /// The network, reading `varmap`.
    pub network: Network,
    /// With a moving average, the weights of the last step, by variable name.
    last_step: Option<std::collections::HashMap<String, Tensor>>,
}

impl Trained {
    /// Writes the last step's weights (kept when training averaged them) as safetensors; answers
    /// whether there were any to write.
    pub fn save_last_step(&self, path: &std::path::Path) -> Result<bool, ModelError> {
        match &self.last_step {
            Some(last) => {
                candle_core::safetensors::save(last, path)?;
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            seed: 7,
            epochs: 3,
            batch_size: 64,
            learning_rate: 3e-3,
            word_dropout: 0.1,
            ema: 0.0,
            typos: 0.0,
            vectors: None,
            channels: 96,
            shards: 1,
            threads: 1,
            shared_head: false,
        }
    }
}

/// What training reports as it goes.
#[derive(Debug, Clone)]
pub struct Progress {
    /// Steps done.
    pub step: usize,
    /// Steps in all.
    pub total: usize,
    /// The mean loss since the last report.
    pub loss: f32,
}

/// Builds the prose vocabulary from training records: words and punctuation that are not catalog
/// names, seen at least 3 times; with the vocabulary words also seen as catalog names at least 3
/// times (only those keep their word id when a catalog uses them as names), and subwords.
pub fn build_vocab(targets: &[Targets]) -> Vocab {
    let is_name = |t: &Targets, tok: &codemode_plan::Token| {
        name_text(tok).is_some_and(|text| is_catalog_name(&t.record.catalog, text))
    };
    let words = targets.iter().flat_map(|t| {
        t.record.tokens.iter().filter_map(move |tok| {
            matches!(
                tok.kind,
                codemode_plan::TokenKind::Word | codemode_plan::TokenKind::Punct
            )
            .then_some(tok.text.as_str())
            .filter(|_| !is_name(t, tok))
        })
    });
    let mut vocab = Vocab::build(words, 3, 6000);
    let mut as_names: std::collections::HashMap<String, usize> = Default::default();
    for t in targets {
        for tok in &t.record.tokens {
            if tok.kind == codemode_plan::TokenKind::Word && is_name(t, tok) {
                *as_names.entry(tok.text.to_lowercase()).or_default() += 1;
            }
        }
    }
    let mut names: Vec<String> = as_names
        .into_iter()
        .filter(|(w, c)| *c >= 3 && vocab.get(w).is_some())
        .map(|(w, _)| w)
        .collect();
    names.sort();
    vocab.set_names(Some(names));
    vocab.subwords = Some(Subwords::default());
    vocab
}

/// Sets every variable from a generator seeded with `seed`: embeddings N(0, 1) (the pointer's
/// distance bias 0), norm gains 1, linear weights U(±1/√fan_in), biases 0.
pub fn initialise(varmap: &VarMap, seed: u64) -> Result<(), ModelError> {
    let rng = &mut ChaCha8Rng::seed_from_u64(seed);
    for (name, var) in sorted_vars(varmap)? {
        let shape = var.shape().clone();
        let count = shape.elem_count();
        let values: Vec<f32> = if name.starts_with("distance") {
            vec![0.0; count]
        } else if name.ends_with("embeddings") {
            (0..count).map(|_| StandardNormal.sample(rng)).collect()
        } else if name.ends_with("norm.weight") {
            vec![1.0; count]
        } else if name.ends_with(".bias") {
            vec![0.0; count]
        } else {
            let fan_in = shape.dims().last().copied().unwrap_or(1) as f32;
            let bound = 1.0 / fan_in.sqrt();
            (0..count)
                .map(|_| rng.random_range(-bound..bound))
                .collect()
        };
        var.set(&Tensor::from_vec(values, shape, &Device::Cpu)?)?;
    }
    Ok(())
}

/// The variables with their names, in name order: a fixed order, for determinism.
fn sorted_vars(varmap: &VarMap) -> Result<Vec<(String, Var)>, ModelError> {
    let mut named: Vec<(String, Var)> = varmap
        .data()
        .lock()
        .map_err(|_| ModelError::Config("poisoned variables".into()))?
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    named.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(named)
}

/// Negative log-likelihood of `targets` under `logits` (n, classes), weighted per row and
/// divided by `total` (the weights of the whole batch this piece belongs to).
fn masked_nll(
    logits: &Tensor,
    targets: &[u32],
    weights: &[f32],
    total: f32,
) -> Result<Option<Tensor>, ModelError> {
    if total == 0.0 || weights.iter().all(|&w| w == 0.0) {
        return Ok(None);
    }
    let n = targets.len();
    let logp = candle_nn::ops::log_softmax(logits, D::Minus1)?;
    let targets = Tensor::from_slice(targets, (n, 1), &Device::Cpu)?;
    let weights = Tensor::from_slice(weights, (n, 1), &Device::Cpu)?;
    let picked = logp.gather(&targets, 1)?;
    Ok(Some(
        (picked.mul(&weights)?.sum_all()?.neg()? / f64::from(total))?,
    ))
}

/// How many heads [`PieceTargets`] has targets for.
const HEADS: usize = 6;

/// The per-row targets and weights of a piece of a batch, padded to its longest record.
struct PieceTargets {
    tags: (Vec<u32>, Vec<f32>),
    pointers: (Vec<u32>, Vec<f32>),
    mode: (Vec<u32>, Vec<f32>),
    output: (Vec<u32>, Vec<f32>),
    status: (Vec<u32>, Vec<f32>),
    /// Per value token: 1 when it is said for every call that takes its argument.
    shared: (Vec<u32>, Vec<f32>),
}

impl PieceTargets {
    fn of(group: &[(&Encoded, &Targets)]) -> PieceTargets {
        let b = group.len();
        let t = group.iter().map(|(e, _)| e.len()).max().unwrap_or(0);
        let mut tags = (vec![0u32; b * t], vec![0f32; b * t]);
        let mut pointers = (vec![0u32; b * t], vec![0f32; b * t]);
        let mut shared = (vec![0u32; b * t], vec![0f32; b * t]);
        let (mut mode, mut output) = (
            (vec![0u32; b], vec![0f32; b]),
            (vec![0u32; b], vec![0f32; b]),
        );
        let mut status = (vec![0u32; b], vec![1f32; b]);
        for (i, (enc, target)) in group.iter().enumerate() {
            if let Some(record_tags) = &target.tags {
                for (j, &tag) in record_tags.iter().enumerate() {
                    tags.0[i * t + j] = tag as u32;
                    tags.1[i * t + j] = 1.0;
                }
                for (j, p) in target.pointers.iter().enumerate() {
                    if !(4..=6).contains(&record_tags[j]) {
                        continue;
                    }
                    shared.0[i * t + j] = u32::from(target.shared[j]);
                    shared.1[i * t + j] = 1.0;
                    // A value points at its argument's name when the catalog has that name, and
                    // at "names no argument" (column t) when nothing names it (`get_weather for
                    // "Oslo"`). A value naming an argument no tool has (a checker negative)
                    // teaches no pointer.
                    match p {
                        Some(p) if enc.candidates[*p] => pointers.0[i * t + j] = *p as u32,
                        Some(_) => continue,
                        None => pointers.0[i * t + j] = t as u32,
                    }
                    pointers.1[i * t + j] = 1.0;
                }
            }
            if let Some(m) = target.mode {
                mode.0[i] = m as u32;
                mode.1[i] = 1.0;
            }
            if let Some(o) = target.output {
                output.0[i] = o as u32;
                output.1[i] = 1.0;
            }
            status.0[i] = target.status as u32;
        }
        PieceTargets {
            tags,
            pointers,
            mode,
            output,
            status,
            shared,
        }
    }

    /// The weight of each head's targets, in head order.
    fn weights(&self) -> [f32; HEADS] {
        let sum = |w: &[f32]| w.iter().sum::<f32>();
        [
            sum(&self.tags.1),
            sum(&self.pointers.1),
            sum(&self.mode.1),
            sum(&self.output.1),
            sum(&self.status.1),
            sum(&self.shared.1),
        ]
    }
}

/// A piece of a batch's loss: each head's weighted negative log-likelihood divided by the whole
/// batch's weight of that head (`totals`), summed over the heads.
fn piece_loss(
    network: &Network,
    group: &[(&Encoded, &Targets)],
    targets: &PieceTargets,
    totals: [f32; HEADS],
) -> Result<Option<Tensor>, ModelError> {
    let encoded: Vec<&Encoded> = group.iter().map(|(e, _)| *e).collect();
    let input = batch(&encoded, &Device::Cpu)?;
    let out = network.forward(&input)?;
    let (b, t) = (group.len(), input.words.dim(1)?);
    let mut heads = vec![
        (out.tags.reshape((b * t, TAGS.len()))?, &targets.tags),
        (out.pointer.reshape((b * t, t + 1))?, &targets.pointers),
        (out.mode, &targets.mode),
        (out.output, &targets.output),
        (out.status, &targets.status),
    ];
    // A network without the shared-value head learns nothing from its targets.
    if let Some(shared) = out.shared {
        heads.push((shared.reshape((b * t, 2))?, &targets.shared));
    }
    let mut losses = Vec::new();
    for ((logits, (ids, weights)), total) in heads.iter().zip(totals) {
        losses.extend(masked_nll(logits, ids, weights, total)?);
    }
    let mut losses = losses.into_iter();
    let Some(mut total) = losses.next() else {
        return Ok(None);
    };
    for l in losses {
        total = (total + l)?;
    }
    Ok(Some(total))
}

/// The gradient of a batch's loss, and the loss: the batch split into `shards` pieces (every
/// `shards`-th record), each piece's gradient computed on one of up to `threads` threads, the
/// gradients summed in piece order.
fn batch_gradients(
    network: &Network,
    vars: &[Var],
    group: &[(&Encoded, &Targets)],
    shards: usize,
    threads: usize,
) -> Result<(candle_core::backprop::GradStore, f32), ModelError> {
    let shards = shards.clamp(1, group.len().max(1));
    let pieces: Vec<Vec<(&Encoded, &Targets)>> = (0..shards)
        .map(|s| group.iter().skip(s).step_by(shards).copied().collect())
        .collect();
    let targets: Vec<PieceTargets> = pieces.iter().map(|p| PieceTargets::of(p)).collect();
    let mut totals = [0f32; HEADS];
    for t in &targets {
        for (total, w) in totals.iter_mut().zip(t.weights()) {
            *total += w;
        }
    }
    type Piece = Option<(candle_core::backprop::GradStore, f32)>;
    let work = |k: usize| -> Result<Piece, ModelError> {
        let Some(loss) = piece_loss(network, &pieces[k], &targets[k], totals)? else {
            return Ok(None);
        };
        Ok(Some((loss.backward()?, loss.to_scalar::<f32>()?)))
    };
    let work = &work;
    // Thread w computes pieces w, w + threads, ...; the calling thread is thread 0.
    let threads = threads.clamp(1, shards);
    let mut results: Vec<Result<Piece, ModelError>> = (0..shards).map(|_| Ok(None)).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|w| {
                scope.spawn(move || {
                    (w..shards)
                        .step_by(threads)
                        .map(|k| (k, work(k)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for k in (0..shards).step_by(threads) {
            results[k] = work(k);
        }
        for handle in handles {
            match handle.join() {
                Ok(done) => done.into_iter().for_each(|(k, r)| results[k] = r),
                Err(_) => results[0] = Err(ModelError::Config("a training thread panicked".into())),
            }
        }
    });
    let mut sum: Option<(candle_core::backprop::GradStore, f32)> = None;
    for result in results {
        let Some((grads, loss)) = result? else {
            continue;
        };
        sum = Some(match sum {
            None => (grads, loss),
            Some((mut acc, acc_loss)) => {
                for var in vars {
                    if let Some(g) = grads.get(var.as_tensor()) {
                        let added = match acc.get(var.as_tensor()) {
                            Some(a) => (a + g)?,
                            None => g.clone(),
                        };
                        acc.insert(var.as_tensor(), added);
                    }
                }
                (acc, acc_loss + loss)
            }
        });
    }
    sum.ok_or_else(|| ModelError::Config("a batch with nothing to learn".into()))
}

/// Whether token `j` is a catalog name (a tool, argument or declared property of the record).
fn names_catalog(e: &Encoded, j: usize) -> bool {
    let f = &e.features[j * FEATURES..(j + 1) * FEATURES];
    f[F_TOOL] + f[F_ARG] + f[F_PROP] > 0.0
}

/// Gives a share of the record's prose words (not catalog names, not literals) a typo, with the
/// word id and n-grams the misspelt word would have been encoded with.
fn misspell(e: &mut Encoded, t: &Targets, vocab: &Vocab, share: f64, rng: &mut ChaCha8Rng) {
    let slots = e.ngram_slots();
    for (j, token) in t.record.tokens.iter().enumerate() {
        if e.words[j] < FIRST_WORD && e.words[j] != UNK
            || token.kind != codemode_plan::TokenKind::Word
        {
            continue;
        }
        if names_catalog(e, j) {
            continue;
        }
        let mut chars: Vec<char> = token.text.chars().collect();
        if chars.len() < 4 || !chars.iter().all(|c| c.is_alphabetic()) || !rng.random_bool(share) {
            continue;
        }
        let k = rng.random_range(1..chars.len() - 1);
        match rng.random_range(0..4) {
            0 => {
                chars.remove(k);
            }
            1 => chars.insert(k, chars[k]),
            2 => chars.swap(k, k + 1),
            _ => chars[k] = char::from(b'a' + rng.random_range(0..26u8)),
        }
        let word: String = chars.into_iter().collect();
        let lower = word.to_lowercase();
        e.words[j] = vocab.get(&lower).unwrap_or(UNK);
        if let Some(sub) = &vocab.subwords {
            sub.fill(&word, &mut e.ngrams[j * slots..(j + 1) * slots]);
        }
        if let (Some(table), Some(row)) = (&vocab.vectors, e.vectors.get_mut(j)) {
            *row = table.row(&lower);
        }
    }
}

/// Trains a network on `data`, reporting progress (with the weights of the step so far, not
/// their average) every `report_every` steps.
pub fn train(
    data: &[Targets],
    settings: &Settings,
    report_every: usize,
    mut report: impl FnMut(&Progress, &Network, &Config, &VarMap),
) -> Result<Trained, ModelError> {
    let mut rng = ChaCha8Rng::seed_from_u64(settings.seed);
    let mut config = Config::new(build_vocab(data));
    config.channels = settings.channels;
    config.shared_head = settings.shared_head;
    if let Some((words, table)) = &settings.vectors {
        config.vocab.vectors = Some(VectorWords::new(words.clone()));
        config.vector_dim = table.dim;
    }
    let varmap = VarMap::new();
    let vb = VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu);
    let mut network = Network::load(vb, &config)?;
    if let Some((_, table)) = &settings.vectors {
        network.set_vectors(table.clone())?;
    }
    initialise(&varmap, rng.random())?;

    let encoded: Vec<Encoded> = data
        .iter()
        .map(|t| encode(&t.record.tokens, &t.record.catalog, &config.vocab))
        .collect();
    let steps_per_epoch = data.len().div_ceil(settings.batch_size);
    let total = steps_per_epoch * settings.epochs;
    let warmup = (total / 50).max(1);
    let vars = varmap.all_vars();
    let mut optimizer = AdamW::new(
        vars.clone(),
        ParamsAdamW {
            lr: settings.learning_rate,
            weight_decay: 1e-4,
            ..ParamsAdamW::default()
        },
    )?;
    // The moving average, variable by variable in name order. Detached from the variables: an
    // average that recorded its ops would hold every step's tensors.
    let named = if settings.ema > 0.0 {
        sorted_vars(&varmap)?
    } else {
        Vec::new()
    };
    let mut average = named
        .iter()
        .map(|(_, v)| v.as_tensor().detach().copy())
        .collect::<candle_core::Result<Vec<Tensor>>>()?;
    let mut step = 0;
    let mut running = (0f32, 0usize);
    for _ in 0..settings.epochs {
        // Batches of similar lengths, in a shuffled order: little padding, varied steps.
        let mut order: Vec<usize> = (0..data.len()).collect();
        order.shuffle(&mut rng);
        let mut chunks: Vec<Vec<usize>> = order
            .chunks(settings.batch_size * 16)
            .flat_map(|window| {
                let mut window = window.to_vec();
                window.sort_by_key(|&i| encoded[i].len());
                window
                    .chunks(settings.batch_size)
                    .map(<[usize]>::to_vec)
                    .collect::<Vec<_>>()
            })
            .collect();
        chunks.shuffle(&mut rng);
        for chunk in chunks {
            let lr = if step < warmup {
                settings.learning_rate * (step + 1) as f64 / warmup as f64
            } else {
                let progress = (step - warmup) as f64 / (total - warmup).max(1) as f64;
                settings.learning_rate
                    * (0.02 + 0.98 * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos()))
            };
            optimizer.set_learning_rate(lr);
            let dropped: Vec<Encoded> = chunk
                .iter()
                .map(|&i| {
                    let mut e = encoded[i].clone();
                    let slots = e.ngram_slots();
                    if settings.typos > 0.0 {
                        misspell(&mut e, &data[i], &config.vocab, settings.typos, &mut rng);
                    }
                    for j in 0..e.len() {
                        if e.words[j] < FIRST_WORD || !rng.random_bool(settings.word_dropout) {
                            continue;
                        }
                        if names_catalog(&e, j) {
                            // A catalog name read as a name the network never learned.
                            e.words[j] = NAME;
                            e.ngrams[j * slots..(j + 1) * slots].fill(0);
                            if let Some(row) = e.vectors.get_mut(j) {
                                *row = 0;
                            }
                        } else {
                            // A prose word unseen in training; half the time its pieces are
                            // unfamiliar too. With pretrained vectors, half the time its vector
                            // stays (a word only the table knows) and half the time it goes (a
                            // rare word or a typo the table lacks too), drawn apart from the
                            // pieces; without them the draws are as they always were.
                            e.words[j] = UNK;
                            if rng.random_bool(0.5) {
                                e.ngrams[j * slots..(j + 1) * slots].fill(0);
                            }
                            if let Some(row) = e.vectors.get_mut(j)
                                && rng.random_bool(0.5)
                            {
                                *row = 0;
                            }
                        }
                    }
                    e
                })
                .collect();
            let group: Vec<(&Encoded, &Targets)> = chunk
                .iter()
                .zip(&dropped)
                .map(|(&i, e)| (e, &data[i]))
                .collect();
            let (grads, loss) =
                batch_gradients(&network, &vars, &group, settings.shards, settings.threads)?;
            optimizer.step(&grads)?;
            if settings.ema > 0.0 {
                // Warmed up as in TensorFlow's moving average: early steps weigh more.
                let decay = settings.ema.min((1 + step) as f64 / (10 + step) as f64);
                for (a, (_, v)) in average.iter_mut().zip(&named) {
                    *a = ((&*a * decay)? + (v.as_tensor().detach() * (1.0 - decay))?)?;
                }
            }
            running.0 += loss;
            running.1 += 1;
            step += 1;
            if step % report_every == 0 || step == total {
                let progress = Progress {
                    step,
                    total,
                    loss: running.0 / running.1 as f32,
                };
                report(&progress, &network, &config, &varmap);
                running = (0.0, 0);
            }
        }
    }
    let last_step = if settings.ema > 0.0 {
        let mut last = std::collections::HashMap::new();
        for ((name, v), a) in named.iter().zip(&average) {
            last.insert(name.clone(), v.as_tensor().detach().copy()?);
            v.set(a)?;
        }
        Some(last)
    } else {
        None
    };
    Ok(Trained {
        config,
        varmap,
        network,
        last_step,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // a test fails loudly on what it did not expect

    use super::*;
    use crate::labels::{read_labeled, targets};

    #[test]
    fn typos_touch_prose_words_only() {
        let value = serde_json::json!({
            "instruction": "please call get_weather with city \"Oslo\" and days 3 concurrently",
            "tools": [{"name": "get_weather", "arguments": {"city": "string", "days": "number"},
                       "required": ["city"], "returns": {"kind": "object", "properties": []}}],
            "expected": {"diagnostic": true}
        });
        let t = targets(&read_labeled(&value).unwrap()).unwrap();
        let words = ["please", "call", "with", "and", "concurrently"];
        let mut vocab = Vocab::build(words.iter().copied().cycle().take(50), 3, 100);
        vocab.subwords = Some(Subwords::default());
        let before = encode(&t.record.tokens, &t.record.catalog, &vocab);
        let slots = before.ngram_slots();
        assert!(slots > 0);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut after = before.clone();
        misspell(&mut after, &t, &vocab, 1.0, &mut rng);
        for (j, token) in t.record.tokens.iter().enumerate() {
            let grams = |e: &Encoded| e.ngrams[j * slots..(j + 1) * slots].to_vec();
            let changed = before.words[j] != after.words[j] || grams(&before) != grams(&after);
            let prose = ["please", "call", "with", "concurrently"].contains(&token.text.as_str());
            // Every prose word of 4 letters or more gets a typo; names, literals, short words and
            // punctuation keep their encoding.
            assert_eq!(changed, prose, "token {:?}", token.text);
            if prose {
                assert_eq!(
                    after.words[j], UNK,
                    "a misspelt {:?} is unknown",
                    token.text
                );
            }
        }
        // A share of 0 changes nothing.
        let mut same = before.clone();
        misspell(&mut same, &t, &vocab, 0.0, &mut rng);
        assert_eq!(same, before);
    }

    #[test]
    fn a_vectors_file_is_read_with_its_words_or_refused_with_a_reason() {
        let dir =
            std::env::temp_dir().join(format!("codemode-read-vectors-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, words: &str, rows: usize| {
            let device = &Device::Cpu;
            let tensors: std::collections::HashMap<String, Tensor> = [
                (
                    "words",
                    Tensor::from_slice(words.as_bytes(), words.len(), device),
                ),
                (
                    "values",
                    Tensor::from_vec(vec![7u8; rows * 2], (rows, 2), device),
                ),
                ("scale", Tensor::from_slice(&[0.5f32, 1.0], 2, device)),
                ("offset", Tensor::from_slice(&[-1f32, 0.0], 2, device)),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.unwrap()))
            .collect();
            let path = dir.join(name);
            candle_core::safetensors::save(&tensors, &path).unwrap();
            path
        };
        let (words, table) =
            read_vectors(&write("good.safetensors", "tandem\nmeanwhile", 2)).unwrap();
        assert_eq!(words, ["tandem", "meanwhile"]);
        assert_eq!((table.dim, table.rows()), (2, 2));
        assert_eq!(table.scale, [0.5, 1.0]);
        let short = read_vectors(&write("short.safetensors", "tandem", 2))
            .err()
            .unwrap();
        assert!(
            short.to_string().contains("1 words for 2 vectors"),
            "{short}"
        );
        let missing = read_vectors(&dir.join("absent.safetensors")).err().unwrap();
        assert!(
            missing.to_string().contains("absent.safetensors"),
            "{missing}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Four generated training records (`codemode generate --seed 5 --split train`, catalogs
    /// trimmed): a two-call plan, single calls and a negative.
    fn generated_targets() -> Vec<Targets> {
        include_str!("../testdata/generated.jsonl")
            .lines()
            .map(|l| targets(&read_labeled(&serde_json::from_str(l).unwrap()).unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn a_batch_split_into_pieces_has_the_gradient_of_the_whole_on_any_number_of_threads() {
        let data = generated_targets();
        assert!(
            data.iter().any(|t| t.tags.is_some()),
            "some records teach tags"
        );
        let mut config = Config::new(build_vocab(&data));
        config.channels = 16;
        let varmap = VarMap::new();
        let vb = VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu);
        let network = Network::load(vb, &config).unwrap();
        initialise(&varmap, 1).unwrap();
        let vars = varmap.all_vars();
        let encoded: Vec<Encoded> = data
            .iter()
            .map(|t| encode(&t.record.tokens, &t.record.catalog, &config.vocab))
            .collect();
        let group: Vec<(&Encoded, &Targets)> = encoded.iter().zip(&data).collect();
        let flat = |grads: &candle_core::backprop::GradStore| -> Vec<f32> {
            vars.iter()
                .flat_map(|v| {
                    let g = grads.get(v.as_tensor()).unwrap();
                    g.flatten_all().unwrap().to_vec1::<f32>().unwrap()
                })
                .collect()
        };
        let (whole, whole_loss) = batch_gradients(&network, &vars, &group, 1, 1).unwrap();
        let (split, split_loss) = batch_gradients(&network, &vars, &group, 3, 1).unwrap();
        let (threaded, threaded_loss) = batch_gradients(&network, &vars, &group, 3, 2).unwrap();
        // The pieces' losses and gradients add up to the whole batch's.
        assert!((whole_loss - split_loss).abs() < 1e-5 * whole_loss.abs().max(1.0));
        let (whole, split) = (flat(&whole), flat(&split));
        assert_eq!(whole.len(), split.len());
        let scale = whole.iter().fold(0f32, |m, g| m.max(g.abs()));
        assert!(scale > 0.0, "the batch teaches something");
        for (a, b) in whole.iter().zip(&split) {
            assert!((a - b).abs() <= 1e-4 * scale, "{a} against {b}");
        }
        // Threads only share the work: the same pieces give bit-identical gradients.
        assert_eq!(split_loss.to_bits(), threaded_loss.to_bits());
        assert_eq!(split, flat(&threaded));
    }
}
