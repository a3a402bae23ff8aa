import cProfile, pstats, time
from tienlen import HOUSE, GreedyAgent, play_round
from tienlen.search import SearchAgent
agent = SearchAgent(level=3, seed=1)
def run():
    for i in range(3):
        seats=[GreedyAgent()]*4; seats=list(seats); seats[i%4]=agent
        play_round(HOUSE, seats, seed=500+i)
t=time.process_time()
cProfile.run("run()", "/work/prof/search.prof")
print(time.process_time()-t)
p=pstats.Stats("/work/prof/search.prof"); p.sort_stats("tottime").print_stats(25)
