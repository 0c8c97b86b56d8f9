// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Records read by index, the way OpenZeppelin's contracts expose them: a role's members through a
// library getter (AccessControlEnumerable's getRoleMember) and an account's checkpoints (ERC20Votes'
// checkpoints(account, pos)) answer an index past the end with Solidity's Panic 0x32: how a getter
// refuses a bad index, not a bug. The public array's getter, values(i), which solc generates, reverts
// without data instead. The index fixtures share it; each writes its own totalValues() and replace().
library MemberSet {
    struct Set {
        address[] members;
        mapping(address => bool) contains;
    }

    function add(Set storage set, address account) internal {
        if (set.contains[account]) return;
        set.contains[account] = true;
        set.members.push(account);
    }

    function at(Set storage set, uint256 index) internal view returns (address) {
        return set.members[index];
    }
}

abstract contract IndexedRecords {
    using MemberSet for MemberSet.Set;

    struct Checkpoint {
        uint32 fromBlock;
        uint224 votes;
    }

    uint256[] public values;
    mapping(bytes32 => MemberSet.Set) private roleMembers;
    mapping(address => Checkpoint[]) private accountCheckpoints;

    function push(uint256 value) external {
        values.push(value);
    }

    function grantRole(bytes32 role, address account) external {
        roleMembers[role].add(account);
    }

    function getRoleMember(bytes32 role, uint256 index) external view returns (address) {
        return roleMembers[role].at(index);
    }

    function delegate(uint224 votes) external {
        accountCheckpoints[msg.sender].push(Checkpoint(uint32(block.number), votes));
    }

    function checkpoints(address account, uint32 pos) external view returns (Checkpoint memory) {
        return accountCheckpoints[account][pos];
    }
}
