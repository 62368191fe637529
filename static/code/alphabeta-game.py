import math

WIN = 30000  # {{winScore}}


def alphabeta(position, depth, alpha, beta, ply):  @@enter
    if is_over(position):
        return outcome(position) * (WIN - ply)  # {{winByDistance}}  @@over
    if depth == 0:
        return evaluate(position)  # {{evalSideToMove}}  @@leaf
    value = -math.inf
    for i, move in enumerate(moves(position)):  # {{gameOrder}}
        play(position, move)
        score = -alphabeta(position, depth - 1, -beta, -alpha, ply + 1)
        undo(position)
        value = max(value, score)
        if value >= beta:  @@cut-test
            break  # {{cutoff}}  @@cutoff
        alpha = max(alpha, value)  @@pv-update
    return value  @@exit


def search(position, max_depth):
    for depth in range(1, max_depth + 1):  # {{iterativeDeepening}}  @@iteration
        value = alphabeta(position, depth, -math.inf, math.inf, 0)
    return value


print(search(POSITION, DEPTH))  @@call
